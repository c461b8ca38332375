import { assert } from '../_lib/assert';

/**
 * Thrown by `formatPostalCode` for anything but 7 ASCII digits.
 *
 * @example
 * expect(() => formatPostalCode('104-0061')).toThrow(INVALID_POSTAL_DIGITS_MESSAGE);
 * const digits = normalizePostalCode('〒104-0061');
 * if (digits) formatPostalCode(digits); // '104-0061'
 */
export const INVALID_POSTAL_DIGITS_MESSAGE =
  'Expected the 7 digits of a postal code; normalise user input with normalizePostalCode first.';

/**
 * Writes 7 postal-code digits the way a label prints them, `NNN-NNNN`. Takes the output of
 * `normalizePostalCode`; any other string is a programmer error (TypeError).
 *
 * @example
 * formatPostalCode('1040061'); // '104-0061'
 */
export function formatPostalCode(digits: string): string {
  assert(/^\d{7}$/.test(digits), INVALID_POSTAL_DIGITS_MESSAGE);
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}
