import {
  BROWSABLE_GENRES,
  CATEGORIES,
  ean13CheckDigit,
  KNOWN_RESERVATION_TYPES,
  RELEASE_DATE_PRECISIONS,
} from '@shop/rules';
import * as z from 'zod';
import { shopperText } from '../lib/shopper-text';
import { MAX_COUNT, MAX_PRICE, wholeNumber } from '../schemas/operator';
import { positiveIntText, values } from '../schemas/params';

// What the back office's catalog takes and answers (docs/backoffice.md, "Catalog"). The JSON
// routes and the CSV import validate with these same schemas, so a field is refused with the same
// Japanese message whichever way it came in.

/** The most variations one product may have (通常版, 限定版, 特装版 ... with room to spare). */
export const MAX_VARIATIONS = 20;
/** The most benefits one product may have. */
export const MAX_BENEFITS = 10;
/** The most categories one product may be in (the first is its main one). */
export const MAX_CATEGORIES = 5;

/** An optional text: empty (or all-space) is none, stored as null. */
function optionalText(label: string, max: number, multiline = false) {
  return shopperText({ label, max, required: false, multiline })
    .nullable()
    .transform((text) => (text === null || text === '' ? null : text));
}

function day(label: string) {
  return z.iso.date({ error: `${label}は2026-04-01のように年-月-日で指定してください` });
}

/**
 * A JAN code or ISBN-13 as publishers write it (hyphens, spaces, full-width digits allowed),
 * read as its 13 digits with a correct check digit (@shop/rules ean13CheckDigit). Empty is none.
 */
export const productCodeSchema = z
  .string({ error: 'JAN/ISBNコードを文字列で指定してください' })
  .nullable()
  .transform((input, ctx) => {
    if (input === null) return null;
    const digits = input.normalize('NFKC').replace(/[-\s]/g, '');
    if (digits === '') return null;
    if (!/^\d{13}$/.test(digits)) {
      ctx.addIssue({
        code: 'custom',
        message: 'JAN/ISBNコードは13桁の数字で入力してください',
        params: { code: 'product_code_format' },
      });
      return z.NEVER;
    }
    if (ean13CheckDigit(digits) !== Number(digits[12])) {
      ctx.addIssue({
        code: 'custom',
        message: 'JAN/ISBNコードのチェックディジット（13桁目）が正しくありません',
        params: { code: 'product_code_check_digit' },
      });
      return z.NEVER;
    }
    return digits;
  });

const categoryValues = values(CATEGORIES);
const genreValues = values(BROWSABLE_GENRES);

/** Every editable field of a product, as the staff set it (create: all; edit: any of them). */
export const productFieldsSchema = z.strictObject({
  title: shopperText({ label: 'タイトル', max: 200, required: true }),
  titleKana: optionalText('タイトルのヨミ', 200),
  description: shopperText({ label: '商品説明', max: 10_000, required: false, multiline: true }),
  categories: z
    .array(
      z.enum(categoryValues, {
        error: `カテゴリは${categoryValues.join('・')}から選んでください`,
      }),
      { error: 'カテゴリを選んでください' },
    )
    .min(1, { error: 'カテゴリを1つ以上選んでください' })
    .max(MAX_CATEGORIES, { error: `カテゴリは${MAX_CATEGORIES}つまで選べます` })
    .refine((list) => new Set(list).size === list.length, {
      error: '同じカテゴリが重複しています',
    }),
  genre: z.enum(genreValues, {
    error: `ジャンルは${BROWSABLE_GENRES.map((g) => g.label).join('・')}から選んでください`,
  }),
  seriesTitle: optionalText('シリーズ名', 200),
  seriesKana: optionalText('シリーズ名のヨミ', 200),
  authorName: optionalText('著者名', 100),
  authorKana: optionalText('著者名のヨミ', 100),
  circleName: optionalText('サークル名', 100),
  circleKana: optionalText('サークル名のヨミ', 100),
  publisher: shopperText({ label: '出版社', max: 100, required: false }),
  isbn: productCodeSchema,
  isAdult: z.boolean({ error: '成人向けかどうかを選んでください' }),
  saleStartsAt: z.iso
    .datetime({
      offset: true,
      error: '販売開始日時は日付と時刻をタイムゾーン付きで指定してください',
    })
    .nullable()
    .transform((at) => (at === null ? null : new Date(at).toISOString())),
  releaseDate: day('発売日').nullable(),
  releaseDatePrecision: z.enum(RELEASE_DATE_PRECISIONS, {
    error: '発売日の精度は日・上中下旬・月から選んでください',
  }),
  reservationType: z
    .enum(KNOWN_RESERVATION_TYPES, {
      error: '予約の種類は未発売・取り寄せ・なしから選んでください',
    })
    .nullable(),
  expectedRestockDate: day('入荷予定日').nullable(),
  bonusContent: optionalText('付録', 500),
});
export type ProductFields = z.output<typeof productFieldsSchema>;

/** A variation as the staff set it. */
export const variationFieldsSchema = z.strictObject({
  name: shopperText({ label: '版の名前', max: 50, required: true }),
  /** Integer yen, tax included; null for 価格未定. */
  unitPrice: wholeNumber('価格', '円', 1, MAX_PRICE).nullable(),
  pointValue: wholeNumber('付与ポイント', 'ポイント', 0, MAX_COUNT),
  stock: wholeNumber('在庫数', '個', 0, MAX_COUNT),
});
export type VariationFields = z.output<typeof variationFieldsSchema>;

/** A purchase benefit (特典); with an `id`, an existing one of the product changed. */
export const benefitFieldsSchema = z.strictObject({
  id: z.int().positive().optional(),
  title: shopperText({ label: '特典名', max: 100, required: true }),
  /** How many may be handed out; null or 0: none. */
  availableMaxNum: wholeNumber('特典の上限数', '個', 0, MAX_COUNT).nullable(),
  distributed: z.boolean({ error: '特典を配布中かどうかを選んでください' }),
  expiryDate: day('特典の期限').nullable(),
});
export type BenefitFields = z.output<typeof benefitFieldsSchema>;

const pointsNeedPrice = (v: { unitPrice?: number | null; pointValue?: number }) =>
  !(v.unitPrice === null && (v.pointValue ?? 0) > 0);
const POINTS_NEED_PRICE = {
  error: '価格未定の版には付与ポイントを設定できません（0にしてください）',
  path: ['pointValue'],
};

export const variationBodySchema = variationFieldsSchema.refine(pointsNeedPrice, POINTS_NEED_PRICE);

export const createProductBodySchema = productFieldsSchema
  .partial({
    titleKana: true,
    description: true,
    seriesTitle: true,
    seriesKana: true,
    authorName: true,
    authorKana: true,
    circleName: true,
    circleKana: true,
    publisher: true,
    isbn: true,
    isAdult: true,
    saleStartsAt: true,
    releaseDate: true,
    releaseDatePrecision: true,
    reservationType: true,
    expectedRestockDate: true,
    bonusContent: true,
  })
  .extend({
    variations: z
      .array(variationBodySchema)
      .min(1, { error: '版を1つ以上登録してください' })
      .max(MAX_VARIATIONS, { error: `版は${MAX_VARIATIONS}個まで登録できます` }),
    benefits: z
      .array(benefitFieldsSchema.omit({ id: true }))
      .max(MAX_BENEFITS, { error: `特典は${MAX_BENEFITS}個まで登録できます` })
      .optional(),
  });
export type CreateProductBody = z.output<typeof createProductBodySchema>;

export const updateProductBodySchema = productFieldsSchema.partial().extend({
  benefits: z
    .array(benefitFieldsSchema)
    .max(MAX_BENEFITS, { error: `特典は${MAX_BENEFITS}個まで登録できます` })
    .optional(),
});
export type UpdateProductBody = z.output<typeof updateProductBodySchema>;

export const updateVariationBodySchema = variationFieldsSchema
  .partial()
  .refine(pointsNeedPrice, POINTS_NEED_PRICE);
export type UpdateVariationBody = z.output<typeof updateVariationBodySchema>;

export const productListQuerySchema = z.strictObject({
  q: z.string().max(100, { error: '検索語は100文字以内で指定してください' }).optional(),
  category: z
    .enum(categoryValues, { error: `カテゴリは${categoryValues.join('・')}から選んでください` })
    .optional(),
  cursor: positiveIntText(10, 'カーソルが正しくありません').optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: '件数は1から200の整数で指定してください' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: '件数は1から200の整数で指定してください' })
        .max(200, { error: '件数は1から200の整数で指定してください' }),
    )
    .default(50),
});

export const importQuerySchema = z.strictObject({
  dryRun: z
    .enum(['0', '1'], { error: '確認だけの取り込みかどうかの指定が正しくありません' })
    .optional(),
});

// ── answers ──

const adminVariationSchema = z.object({
  id: z.int(),
  name: z.string(),
  position: z.int(),
  unitPrice: z.int().nullable().meta({ description: 'Integer yen, tax included; null: 価格未定' }),
  pointValue: z.int(),
  stock: z.int(),
  inStock: z.boolean(),
});

const adminBenefitSchema = z.object({
  id: z.int(),
  title: z.string(),
  availableMaxNum: z.int().nullable(),
  claimedCount: z.int(),
  distributed: z.boolean(),
  expiryDate: z.iso.date().nullable(),
});

/** A product as the back office edits it: every editable field, its variations and benefits. */
export const adminProductSchema = z.object({
  id: z.int(),
  slug: z.string().meta({ description: 'The storefront URL is /products/{slug}' }),
  title: z.string(),
  titleKana: z.string().nullable(),
  description: z.string(),
  categories: z.array(z.string()),
  genre: z.string(),
  seriesTitle: z.string().nullable(),
  seriesKana: z.string().nullable(),
  authorName: z.string().nullable(),
  authorKana: z.string().nullable(),
  circleName: z.string().nullable(),
  circleKana: z.string().nullable(),
  publisher: z.string(),
  isbn: z.string().nullable(),
  isAdult: z.boolean(),
  saleStartsAt: z.iso.datetime().nullable(),
  releaseDate: z.iso.date().nullable(),
  releaseDatePrecision: z.enum(RELEASE_DATE_PRECISIONS),
  reservationType: z.enum(KNOWN_RESERVATION_TYPES).nullable(),
  expectedRestockDate: z.iso.date().nullable(),
  bonusContent: z.string().nullable(),
  coverImage: z
    .string()
    .meta({ description: 'The cover source URL (/covers/...); /_image resizes it' }),
  coverUploaded: z.boolean(),
  orderCount: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  variations: z.array(adminVariationSchema),
  benefits: z.array(adminBenefitSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** One row of the product list. */
export const adminProductRowSchema = adminProductSchema.pick({
  id: true,
  slug: true,
  title: true,
  categories: true,
  isbn: true,
  isAdult: true,
  releaseDate: true,
  releaseDatePrecision: true,
  reservationType: true,
  coverImage: true,
  updatedAt: true,
  variations: true,
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductPageSchema = z.object({
  items: z.array(adminProductRowSchema),
  nextCursor: z.string().nullable(),
});

export const adminVariationAnswerSchema = z.object({
  product: adminProductSchema,
  variation: adminVariationSchema,
  /** 再入荷のお知らせ queued by a stock change from none to some. */
  restockNotices: z.int(),
});

export const importAnswerSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows read (the header aside). */
  rows: z.int(),
  created: z.int().meta({ description: 'Products created (would be, on a dry run)' }),
  updated: z.int().meta({ description: 'Products whose fields changed' }),
  unchanged: z.int(),
  variationsCreated: z.int(),
  variationsUpdated: z.int(),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
