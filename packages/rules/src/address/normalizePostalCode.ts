import { DASHES } from './_lib/dashes';

/**
 * Reads a postal code as a shopper types it into its 7 digits, or undefined when it is not 7
 * digits. Accepts a leading 〒, full-width digits, any dash (or none) and surrounding spaces.
 *
 * @example
 * normalizePostalCode('〒１０４ー００６１'); // '1040061'
 * normalizePostalCode('104-0061'); // '1040061'
 * normalizePostalCode('104-006'); // undefined
 */
export function normalizePostalCode(input: string): string | undefined {
  const digits = input.normalize('NFKC').replace(/^〒/, '').trim().replace(DASHES, '');
  return /^\d{7}$/.test(digits) ? digits : undefined;
}
