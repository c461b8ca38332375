import { CATEGORIES, type Category, type ReleaseDatePrecision } from '@shop/rules';
import type { Checked, FieldMessages } from '../../components/use-form';
import { fromJstInput, toJstInput } from '../../lib/jst-input';
import { wholeNumber } from '../../lib/numbers';
import type { AdminBenefit, AdminProduct, AdminVariation, ProductFields } from './types';

// The product form's draft (what the fields hold, as typed) and its check before a request: the
// same limits as the API's schemas, in Japanese, so most mistakes are told without a round trip.
// The API stays the judge: its own field messages are shown under the same fields.

export interface ProductDraft {
  title: string;
  titleKana: string;
  description: string;
  categories: string[];
  genre: string;
  seriesTitle: string;
  seriesKana: string;
  authorName: string;
  authorKana: string;
  circleName: string;
  circleKana: string;
  publisher: string;
  isbn: string;
  isAdult: boolean;
  saleStartsAt: string;
  releaseDate: string;
  releaseDatePrecision: ReleaseDatePrecision;
  reservationType: '' | 'UNRELEASED' | 'BACKORDER';
  expectedRestockDate: string;
  bonusContent: string;
}

export interface VariationDraft {
  /** The variation's id once saved. */
  id?: number;
  name: string;
  /** Empty: 価格未定. */
  price: string;
  points: string;
  stock: string;
}

export interface BenefitDraft {
  id?: number;
  title: string;
  /** Empty: no limit. */
  limit: string;
  distributed: boolean;
  expiryDate: string;
  claimedCount: number;
}

export const EMPTY_PRODUCT: ProductDraft = {
  title: '',
  titleKana: '',
  description: '',
  categories: [],
  genre: 'comic',
  seriesTitle: '',
  seriesKana: '',
  authorName: '',
  authorKana: '',
  circleName: '',
  circleKana: '',
  publisher: '',
  isbn: '',
  isAdult: false,
  saleStartsAt: '',
  releaseDate: '',
  releaseDatePrecision: 'day',
  reservationType: '',
  expectedRestockDate: '',
  bonusContent: '',
};

export const EMPTY_VARIATION: VariationDraft = {
  name: '通常版',
  price: '',
  points: '0',
  stock: '0',
};

export function draftOf(product: AdminProduct): ProductDraft {
  return {
    title: product.title,
    titleKana: product.titleKana ?? '',
    description: product.description,
    categories: [...product.categories],
    genre: product.genre,
    seriesTitle: product.seriesTitle ?? '',
    seriesKana: product.seriesKana ?? '',
    authorName: product.authorName ?? '',
    authorKana: product.authorKana ?? '',
    circleName: product.circleName ?? '',
    circleKana: product.circleKana ?? '',
    publisher: product.publisher,
    isbn: product.isbn ?? '',
    isAdult: product.isAdult,
    saleStartsAt: toJstInput(product.saleStartsAt),
    releaseDate: product.releaseDate ?? '',
    releaseDatePrecision: product.releaseDatePrecision,
    reservationType: product.reservationType ?? '',
    expectedRestockDate: product.expectedRestockDate ?? '',
    bonusContent: product.bonusContent ?? '',
  };
}

export function variationDraftOf(variation: AdminVariation): VariationDraft {
  return {
    id: variation.id,
    name: variation.name,
    price: variation.unitPrice === null ? '' : String(variation.unitPrice),
    points: String(variation.pointValue),
    stock: String(variation.stock),
  };
}

export function benefitDraftOf(benefit: AdminBenefit): BenefitDraft {
  return {
    id: benefit.id,
    title: benefit.title,
    limit: benefit.availableMaxNum === null ? '' : String(benefit.availableMaxNum),
    distributed: benefit.distributed,
    expiryDate: benefit.expiryDate ?? '',
    claimedCount: benefit.claimedCount,
  };
}

const KNOWN_CATEGORIES = new Set<string>(CATEGORIES.map((c) => c.value));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The product's own fields as the API takes them, or the messages of what is wrong. */
export function checkProduct(draft: ProductDraft): Checked<ProductFields> {
  const errors: FieldMessages = {};
  const title = draft.title.trim();
  if (!title) errors.title = '商品名を入力してください。';
  else if (title.length > 200) errors.title = '商品名は200文字以内で入力してください。';
  if (draft.description.length > 10_000) {
    errors.description = '商品説明は10,000文字以内で入力してください。';
  }
  if (draft.categories.length === 0) errors.categories = 'カテゴリを1つ以上選んでください。';
  else if (draft.categories.length > 5) errors.categories = 'カテゴリは5つまで選べます。';
  if (draft.releaseDate && !DATE.test(draft.releaseDate)) {
    errors.releaseDate = '発売日を日付で入力してください。';
  }
  if (draft.reservationType === 'UNRELEASED' && !draft.releaseDate) {
    errors.releaseDate = '予約受付中（発売前）の商品には発売日を入力してください。';
  }
  if (draft.isbn && !/^[0-9０-９-－\s]+$/.test(draft.isbn)) {
    errors.isbn = 'JAN/ISBNは数字（ハイフン可）で入力してください。';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      title,
      titleKana: orNull(draft.titleKana),
      description: draft.description,
      categories: draft.categories.filter((c) => KNOWN_CATEGORIES.has(c)) as Category[],
      genre: draft.genre as ProductFields['genre'],
      seriesTitle: orNull(draft.seriesTitle),
      seriesKana: orNull(draft.seriesKana),
      authorName: orNull(draft.authorName),
      authorKana: orNull(draft.authorKana),
      circleName: orNull(draft.circleName),
      circleKana: orNull(draft.circleKana),
      publisher: draft.publisher.trim(),
      isbn: orNull(draft.isbn),
      isAdult: draft.isAdult,
      saleStartsAt: fromJstInput(draft.saleStartsAt),
      releaseDate: orNull(draft.releaseDate),
      releaseDatePrecision: draft.releaseDatePrecision,
      reservationType: draft.reservationType === '' ? null : draft.reservationType,
      expectedRestockDate: orNull(draft.expectedRestockDate),
      bonusContent: orNull(draft.bonusContent),
    },
  };
}

export interface VariationBody {
  name: string;
  unitPrice: number | null;
  pointValue: number;
  stock: number;
}

/** One variation as the API takes it, or its messages under `prefix` ('variations.0.'). */
export function checkVariation(draft: VariationDraft, prefix = ''): Checked<VariationBody> {
  const errors: FieldMessages = {};
  const name = draft.name.trim();
  if (!name) errors[`${prefix}name`] = '版の名前を入力してください。';
  else if (name.length > 50) errors[`${prefix}name`] = '版の名前は50文字以内で入力してください。';
  const unitPrice = draft.price.trim() === '' ? null : wholeNumber(draft.price);
  if (draft.price.trim() !== '' && (unitPrice === null || unitPrice < 1)) {
    errors[`${prefix}unitPrice`] =
      '価格は1円以上の整数（円・税込）で入力してください。空欄は価格未定です。';
  }
  const pointValue = draft.points.trim() === '' ? 0 : wholeNumber(draft.points);
  if (pointValue === null)
    errors[`${prefix}pointValue`] = 'ポイントは0以上の整数で入力してください。';
  else if (unitPrice === null && pointValue > 0) {
    errors[`${prefix}pointValue`] =
      '価格未定の版のポイントは0にしてください（価格決定のときに決めます）。';
  }
  const stock = draft.stock.trim() === '' ? 0 : wholeNumber(draft.stock);
  if (stock === null) errors[`${prefix}stock`] = '在庫数は0以上の整数で入力してください。';
  if (Object.keys(errors).length > 0 || pointValue === null || stock === null) {
    return { ok: false, errors };
  }
  return { ok: true, body: { name, unitPrice, pointValue, stock } };
}

export interface BenefitBody {
  id?: number;
  title: string;
  availableMaxNum: number | null;
  distributed: boolean;
  expiryDate: string | null;
}

/** One benefit as the API takes it, or its messages under 'benefits.<index>.'. */
export function checkBenefit(draft: BenefitDraft, index: number): Checked<BenefitBody> {
  const prefix = `benefits.${index}.`;
  const errors: FieldMessages = {};
  const title = draft.title.trim();
  if (!title) errors[`${prefix}title`] = '特典の名前を入力してください。';
  const limit = draft.limit.trim() === '' ? null : wholeNumber(draft.limit);
  if (draft.limit.trim() !== '' && limit === null) {
    errors[`${prefix}availableMaxNum`] = '上限数は整数で入力してください。空欄は上限なしです。';
  } else if (limit !== null && limit < draft.claimedCount) {
    errors[`${prefix}availableMaxNum`] =
      `上限数は配布済みの${draft.claimedCount}個より少なくできません。`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      ...(draft.id === undefined ? {} : { id: draft.id }),
      title,
      availableMaxNum: limit,
      distributed: draft.distributed,
      expiryDate: orNull(draft.expiryDate),
    },
  };
}

/** The fields of `next` that differ from `before` (a PATCH sends only what changed). */
export function changedFields(before: AdminProduct, next: ProductFields): Partial<ProductFields> {
  const changed: Partial<ProductFields> = {};
  for (const key of Object.keys(next) as (keyof ProductFields)[]) {
    const a = before[key];
    const b = next[key];
    const same =
      Array.isArray(a) && Array.isArray(b)
        ? a.length === b.length && a.every((v, i) => v === b[i])
        : key === 'saleStartsAt'
          ? (a === null ? null : new Date(a as string).getTime()) ===
            (b === null ? null : new Date(b as string).getTime())
          : a === b;
    if (!same) Object.assign(changed, { [key]: b });
  }
  return changed;
}

/** Parts of one form checked together: every part's body, or the messages of all of them. */
export function checkParts<P extends Record<string, Checked<unknown>>>(
  parts: P,
): Checked<{ [K in keyof P]: P[K] extends Checked<infer B> ? B : never }> {
  let errors: FieldMessages = {};
  const bodies: Record<string, unknown> = {};
  for (const [name, checked] of Object.entries(parts)) {
    if (checked.ok) bodies[name] = checked.body;
    else errors = { ...errors, ...checked.errors };
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, body: bodies as { [K in keyof P]: P[K] extends Checked<infer B> ? B : never } };
}

/** Each row checked: every row's body, or the messages of every row that is wrong. */
function checkRows<D, B>(
  rows: readonly D[],
  check: (row: D, index: number) => Checked<B>,
): Checked<B[]> {
  const checked = checkParts(Object.fromEntries(rows.map((row, i) => [i, check(row, i)])));
  // Index keys: Object.values lists them in ascending order, the rows' own.
  return checked.ok ? { ok: true, body: Object.values(checked.body) } : checked;
}

/** A product's 特典 as the API takes them, each checked under 'benefits.<index>.'. */
export function checkBenefits(benefits: readonly BenefitDraft[]): Checked<BenefitBody[]> {
  return checkRows(benefits, checkBenefit);
}

/** A new product's variations, each checked under 'variations.<index>.', named apart. */
function checkVariations(variations: readonly VariationDraft[]): Checked<VariationBody[]> {
  const checked = checkRows(variations, (variation, index) =>
    checkVariation(variation, `variations.${index}.`),
  );
  if (!checked.ok) return checked;
  const names = checked.body.map((v) => v.name);
  const errors: FieldMessages = {};
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index) {
      errors[`variations.${index}.name`] = '同じ名前の版がすでにあります。';
    }
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : checked;
}

/** POST products/'s body: the product, its variations and its benefits. */
export type NewProductBody = ProductFields & {
  variations: VariationBody[];
  benefits: BenefitBody[];
};

/** A new product's whole form checked, with every part's messages at once. */
export function checkNewProduct(
  draft: ProductDraft,
  variations: readonly VariationDraft[],
  benefits: readonly BenefitDraft[],
): Checked<NewProductBody> {
  const checked = checkParts({
    product: checkProduct(draft),
    variations: checkVariations(variations),
    benefits: checkBenefits(benefits),
  });
  if (!checked.ok) return checked;
  const { product, ...rows } = checked.body;
  return { ok: true, body: { ...product, ...rows } };
}
