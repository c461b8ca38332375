import type { z } from 'zod';
import type { AddressErrorCode } from './addressErrorMessage';
import { ADDRESS_FIELDS, type AddressField } from './addressFields';
import { addressSchema, type ShippingAddress } from './addressSchema';

/**
 * Why one field was refused: a machine code and the Japanese message to show under it.
 *
 * @example
 * const error: AddressFieldError = { code: 'required', message: '市区町村を入力してください' };
 */
export interface AddressFieldError {
  code: AddressErrorCode;
  message: string;
}

/**
 * The first refusal of each refused field, keyed by field.
 *
 * @example
 * const errors: AddressFieldErrors = { phone: { code: 'invalid_phone', message: '電話番号は…' } };
 */
export type AddressFieldErrors = Partial<Record<AddressField, AddressFieldError>>;

/**
 * The outcome of validating a shipping address: the canonical address, or the refused fields
 * (and any fields an address does not have).
 *
 * @example
 * const result: ShippingAddressResult = validateShippingAddress(formValues);
 * if (!result.ok) showErrors(result.fieldErrors);
 */
export type ShippingAddressResult =
  | { ok: true; address: ShippingAddress }
  | {
      ok: false;
      reason: 'invalid_address';
      fieldErrors: AddressFieldErrors;
      unknownFields: string[];
    };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAddressField(key: PropertyKey | undefined): key is AddressField {
  return (ADDRESS_FIELDS as readonly PropertyKey[]).includes(key as PropertyKey);
}

function codeOf(issue: z.core.$ZodIssue, given: unknown): AddressErrorCode {
  switch (issue.code) {
    case 'custom':
      return (issue.params as { code: AddressErrorCode }).code;
    case 'too_big':
      return 'too_long';
    case 'too_small':
      return 'required';
    case 'invalid_value':
      return given === undefined ? 'required' : 'invalid_prefecture';
    default:
      return given === undefined ? 'required' : 'invalid_type';
  }
}

/**
 * Validates a shipping address with `addressSchema` and never throws: `{ ok: true, address }`
 * with the canonical address, or `{ ok: false, fieldErrors, unknownFields }` with the first
 * refusal of each field (code and Japanese message, the same the API answers) for a form to
 * show under each input. Input that is not an object is read as an empty form, so every
 * required field is `required`.
 *
 * @example
 * validateShippingAddress({ ...form, postalCode: '104-006' });
 * // { ok: false, reason: 'invalid_address', unknownFields: [],
 * //   fieldErrors: { postalCode: { code: 'invalid_postal_code', message: '郵便番号は7桁の数字（例: 104-0061）で入力してください' } } }
 */
export function validateShippingAddress(input: unknown): ShippingAddressResult {
  const form = isRecord(input) ? input : {};
  const parsed = addressSchema.safeParse(form);
  if (parsed.success) return { ok: true, address: parsed.data };
  const fieldErrors: AddressFieldErrors = {};
  const unknownFields: string[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      unknownFields.push(...issue.keys);
      continue;
    }
    const field = issue.path[0];
    if (!isAddressField(field) || fieldErrors[field]) continue;
    fieldErrors[field] = { code: codeOf(issue, form[field]), message: issue.message };
  }
  return { ok: false, reason: 'invalid_address', fieldErrors, unknownFields };
}
