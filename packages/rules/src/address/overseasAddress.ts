import { cleanShopperText, shopperTextMessage } from '../text/cleanShopperText';
import { OVERSEAS_COUNTRIES, type OverseasCountryCode } from './overseasCountries';

/**
 * The fields of an overseas address in the order a form shows them and an EMS label prints them.
 *
 * @example
 * OVERSEAS_ADDRESS_FIELDS[0]; // 'country'
 */
export const OVERSEAS_ADDRESS_FIELDS = [
  'country',
  'fullName',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'phone',
] as const;

/**
 * One field of an overseas address.
 *
 * @example
 * const field: OverseasAddressField = 'line1';
 */
export type OverseasAddressField = (typeof OVERSEAS_ADDRESS_FIELDS)[number];

/**
 * The Japanese label of each overseas address field, for the form and its messages.
 *
 * @example
 * OVERSEAS_ADDRESS_FIELD_LABELS.line1; // '住所1'
 */
export const OVERSEAS_ADDRESS_FIELD_LABELS: Readonly<Record<OverseasAddressField, string>> = {
  country: '国・地域',
  fullName: '氏名',
  line1: '住所1',
  line2: '住所2',
  city: '都市名',
  region: '州・省',
  postalCode: '郵便番号',
  phone: '電話番号',
};

/** Free-form text fields: their length limit and whether they may be empty. */
const TEXT_FIELDS = {
  fullName: { max: 70, required: true },
  line1: { max: 100, required: true },
  line2: { max: 100, required: false },
  city: { max: 60, required: true },
  region: { max: 60, required: false },
} as const;

/**
 * The machine-readable reason an overseas address field was refused.
 *
 * @example
 * const code: OverseasAddressErrorCode = 'not_latin';
 */
export type OverseasAddressErrorCode =
  | 'required'
  | 'too_long'
  | 'invalid_characters'
  | 'card_number'
  | 'not_latin'
  | 'invalid_country'
  | 'invalid_postal_code'
  | 'invalid_phone';

/**
 * An overseas address as stored and printed on the EMS label: a country of
 * `OVERSEAS_COUNTRIES`, every text in Latin letters (printable ASCII, as foreign post offices
 * read it), the postal code upper-cased, the phone as `+` and its digits or its digits alone.
 *
 * @example
 * const address: OverseasAddress = {
 *   country: 'US', fullName: 'Taro Yamada', line1: '350 Fifth Avenue', line2: '',
 *   city: 'New York', region: 'NY', postalCode: '10118', phone: '+12125550100',
 * };
 */
export interface OverseasAddress {
  country: OverseasCountryCode;
  fullName: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  phone: string;
}

/**
 * Why one overseas field was refused: a machine code and the Japanese message to show under it.
 *
 * @example
 * const error: OverseasAddressFieldError = { code: 'required', message: '都市名を入力してください' };
 */
export interface OverseasAddressFieldError {
  code: OverseasAddressErrorCode;
  message: string;
}

/**
 * The outcome of validating an overseas address: the canonical address, or the first refusal
 * of each refused field and the fields an overseas address does not have.
 *
 * @example
 * const result: OverseasAddressResult = validateOverseasAddress(formValues);
 */
export type OverseasAddressResult =
  | { ok: true; address: OverseasAddress }
  | {
      ok: false;
      reason: 'invalid_address';
      fieldErrors: Partial<Record<OverseasAddressField, OverseasAddressFieldError>>;
      unknownFields: string[];
    };

/**
 * The Japanese message shown under an overseas field for a refusal code (the API answers the
 * same text). A code on a field it does not apply to gives `〜は正しい形式で入力してください`.
 *
 * @example
 * overseasAddressErrorMessage('city', 'not_latin'); // '都市名は半角英数字で入力してください'
 * overseasAddressErrorMessage('country', 'invalid_country'); // '国・地域を選択してください'
 */
export function overseasAddressErrorMessage(
  field: OverseasAddressField,
  code: OverseasAddressErrorCode,
): string {
  const label = OVERSEAS_ADDRESS_FIELD_LABELS[field];
  switch (code) {
    case 'required':
    case 'invalid_country':
      return field === 'country' ? '国・地域を選択してください' : `${label}を入力してください`;
    case 'too_long': {
      const max = field in TEXT_FIELDS ? TEXT_FIELDS[field as keyof typeof TEXT_FIELDS].max : null;
      return max === null
        ? `${label}は正しい形式で入力してください`
        : `${label}は${max}文字以内で入力してください`;
    }
    case 'invalid_characters':
    case 'card_number':
      return shopperTextMessage(label, code);
    case 'not_latin':
      return `${label}は半角英数字で入力してください`;
    case 'invalid_postal_code':
      return '郵便番号は英数字2〜10文字で入力してください';
    case 'invalid_phone':
      return '電話番号は国番号を含め7〜15桁の数字で入力してください';
    default:
      return code satisfies never;
  }
}

/** Printable ASCII: what a foreign post office and the EMS label can read. */
const LATIN = /^[\x20-\x7E]*$/;
const POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;
const COUNTRY_CODES: readonly string[] = OVERSEAS_COUNTRIES.map((c) => c.code);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Checked = { ok: true; value: string } | { ok: false; code: OverseasAddressErrorCode };

function cleaned(input: unknown, required: boolean): Checked {
  if (input === undefined && !required) return { ok: true, value: '' };
  if (typeof input !== 'string') return { ok: false, code: 'required' };
  const result = cleanShopperText(input);
  if (!result.ok) return { ok: false, code: result.reason };
  if (required && result.text === '') return { ok: false, code: 'required' };
  // One space between words: a label line has no room for runs of blanks.
  return { ok: true, value: result.text.replace(/\s+/g, ' ') };
}

function checkText(field: keyof typeof TEXT_FIELDS, input: unknown): Checked {
  const { max, required } = TEXT_FIELDS[field];
  const text = cleaned(input, required);
  if (!text.ok) return text;
  if (!LATIN.test(text.value)) return { ok: false, code: 'not_latin' };
  if (text.value.length > max) return { ok: false, code: 'too_long' };
  return text;
}

function checkPostalCode(input: unknown): Checked {
  const text = cleaned(input, true);
  if (!text.ok) return text;
  const value = text.value.toUpperCase();
  return POSTAL_CODE.test(value) ? { ok: true, value } : { ok: false, code: 'invalid_postal_code' };
}

function checkPhone(input: unknown): Checked {
  let text = cleaned(input, true);
  // A 13-15 digit phone number can pass a card number's checksum: the digit pattern below
  // decides for this field, and stores nothing but digits.
  if (!text.ok && text.code === 'card_number' && typeof input === 'string') {
    text = { ok: true, value: input.normalize('NFKC').trim() };
  }
  if (!text.ok) return text;
  const compact = text.value.replace(/[\s().-]/g, '');
  // E.164: at most 15 digits with the country code; fewer than 7 is no reachable number.
  return /^\+?\d{7,15}$/.test(compact)
    ? { ok: true, value: compact }
    : { ok: false, code: 'invalid_phone' };
}

function checkCountry(input: unknown): Checked {
  if (input === undefined || input === '') return { ok: false, code: 'required' };
  return typeof input === 'string' && COUNTRY_CODES.includes(input)
    ? { ok: true, value: input }
    : { ok: false, code: 'invalid_country' };
}

/**
 * Validates an overseas shipping address and never throws: `{ ok: true, address }` in its
 * canonical form (texts read by `cleanShopperText`, so full-width letters become Latin ones and
 * invisible characters go; runs of spaces become one), or the first refusal of each field. Texts
 * must be Latin letters (printable ASCII): an EMS label abroad is read by a foreign post office.
 * The country must be one of `OVERSEAS_COUNTRIES`; the postal code 2 to 10 letters, digits,
 * spaces or hyphens; the phone 7 to 15 digits with an optional leading `+`. `line2` and
 * `region` may be left out. Input that is not an object is read as an empty form.
 *
 * @example
 * validateOverseasAddress({
 *   country: 'GB', fullName: 'Hanako Sato', line1: '221B Baker Street',
 *   city: 'London', postalCode: 'nw1 6xe', phone: '+44 20 7946 0000',
 * });
 * // { ok: true, address: { country: 'GB', ..., line2: '', region: '', postalCode: 'NW1 6XE', phone: '+442079460000' } }
 * validateOverseasAddress({ country: 'JP' }).ok; // false (a Japanese address has a prefecture)
 */
export function validateOverseasAddress(input: unknown): OverseasAddressResult {
  const form = isRecord(input) ? input : {};
  const checked: Record<OverseasAddressField, Checked> = {
    country: checkCountry(form.country),
    fullName: checkText('fullName', form.fullName),
    line1: checkText('line1', form.line1),
    line2: checkText('line2', form.line2),
    city: checkText('city', form.city),
    region: checkText('region', form.region),
    postalCode: checkPostalCode(form.postalCode),
    phone: checkPhone(form.phone),
  };
  const fields: readonly string[] = OVERSEAS_ADDRESS_FIELDS;
  const unknownFields = Object.keys(form).filter((key) => !fields.includes(key));
  const fieldErrors: Partial<Record<OverseasAddressField, OverseasAddressFieldError>> = {};
  const values: Partial<Record<OverseasAddressField, string>> = {};
  for (const field of OVERSEAS_ADDRESS_FIELDS) {
    const result = checked[field];
    if (result.ok) values[field] = result.value;
    else
      fieldErrors[field] = {
        code: result.code,
        message: overseasAddressErrorMessage(field, result.code),
      };
  }
  if (unknownFields.length > 0 || Object.keys(fieldErrors).length > 0) {
    return { ok: false, reason: 'invalid_address', fieldErrors, unknownFields };
  }
  return { ok: true, address: values as OverseasAddress };
}
