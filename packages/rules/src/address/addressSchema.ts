import { z } from 'zod';
import { cleanShopperText } from '../text/cleanShopperText';
import {
  ADDRESS_REQUIRED_MESSAGE,
  type AddressErrorCode,
  addressErrorMessage,
  UNKNOWN_ADDRESS_FIELD_MESSAGE,
} from './addressErrorMessage';
import { ADDRESS_MAX_LENGTHS, type AddressField } from './addressFields';
import { formatPostalCode } from './formatPostalCode';
import { normalizeKana } from './normalizeKana';
import { normalizePhone } from './normalizePhone';
import { normalizePostalCode } from './normalizePostalCode';
import { PREFECTURES } from './prefectures';

type TextField = 'city' | 'street' | 'building' | 'lastName' | 'firstName';
type NormalisedField = 'postalCode' | 'lastNameKana' | 'firstNameKana' | 'phone';

// Custom issues carry their machine code in `params.code`, for validateShippingAddress.
const codeParams = (code: AddressErrorCode) => ({ code });

const MAX_LENGTHS: Partial<Record<AddressField, number>> = ADDRESS_MAX_LENGTHS;

/**
 * A field's text as `cleanShopperText` leaves it (invisible characters dropped, NFKC, trimmed),
 * refused with its code when it holds a character that does not show as itself or a card number.
 */
function shopperText(field: AddressField) {
  return (input: string, ctx: z.RefinementCtx): string => {
    const result = cleanShopperText(input);
    if (result.ok) return result.text;
    ctx.addIssue({
      code: 'custom',
      message: addressErrorMessage(field, result.reason),
      params: codeParams(result.reason),
    });
    return z.NEVER;
  };
}

function text(field: TextField, required: boolean) {
  const max = ADDRESS_MAX_LENGTHS[field];
  return z
    .string({ error: addressErrorMessage(field, 'required') })
    .transform(shopperText(field))
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { error: addressErrorMessage(field, 'required') })
        .max(max, { error: addressErrorMessage(field, 'too_long') }),
    );
}

/**
 * A field read by one of the normalisers: refused with `code` when it gives undefined,
 * otherwise replaced by its canonical form. A length limit applies to the input as typed.
 */
function normalised(
  field: NormalisedField,
  code: AddressErrorCode,
  normalise: (input: string) => string | undefined,
) {
  const max: number | undefined = MAX_LENGTHS[field];
  const typed = z.string({ error: addressErrorMessage(field, 'required') });
  const bounded =
    max === undefined ? typed : typed.max(max, { error: addressErrorMessage(field, 'too_long') });
  return bounded.transform(shopperText(field)).transform((s, ctx) => {
    const value = normalise(s);
    if (value === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: addressErrorMessage(field, code),
        params: codeParams(code),
      });
      return z.NEVER;
    }
    return value;
  });
}

function printedPostalCode(input: string): string | undefined {
  const digits = normalizePostalCode(input);
  return digits === undefined ? undefined : formatPostalCode(digits);
}

/**
 * A Japanese shipping address as a form or the API receives it, parsed into the one canonical
 * form that is stored and printed on the label: postal code `NNN-NNNN`, one of the 47
 * prefectures, every field read by `cleanShopperText` first (invisible characters pasted along
 * dropped, NFKC so that full-width digits and half-width ｶﾅ typed by an IME become one form,
 * trimmed; a bidi control such as U+202E, another invisible character or a card number refused),
 * readings in full-width katakana, the phone as its digits.
 * Unknown fields are refused. Every issue's message is `addressErrorMessage(field, code)`.
 * Whether the postal code belongs to the prefecture needs Japan Post's data and is checked by
 * the API, not here.
 *
 * @example
 * addressSchema.parse({
 *   postalCode: '〒１０４ー００６１', prefecture: '東京都', city: '中央区', street: '銀座1-2-3',
 *   lastName: '山田', firstName: '太郎', lastNameKana: 'やまだ', firstNameKana: 'ﾀﾛｳ',
 *   phone: '090-1234-5678',
 * });
 * // { postalCode: '104-0061', ..., building: '', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', phone: '09012345678' }
 */
export const addressSchema = z.strictObject(
  {
    postalCode: normalised('postalCode', 'invalid_postal_code', printedPostalCode),
    prefecture: z.enum(PREFECTURES, { error: addressErrorMessage('prefecture', 'required') }),
    city: text('city', true),
    street: text('street', true),
    building: text('building', false).optional().default(''),
    lastName: text('lastName', true),
    firstName: text('firstName', true),
    lastNameKana: normalised('lastNameKana', 'invalid_kana', normalizeKana),
    firstNameKana: normalised('firstNameKana', 'invalid_kana', normalizeKana),
    phone: normalised('phone', 'invalid_phone', normalizePhone),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? UNKNOWN_ADDRESS_FIELD_MESSAGE : ADDRESS_REQUIRED_MESSAGE,
  },
);

/**
 * A shipping address after `addressSchema`: canonical, ready to store and print.
 *
 * @example
 * const address: ShippingAddress = addressSchema.parse(formValues);
 */
export type ShippingAddress = z.output<typeof addressSchema>;
