import { assert } from '../_lib/assert';

/**
 * A unit price as it may arrive: the wire's numeric string, or an integer from storage.
 *
 * @example
 * const price: UnitPriceInput = '1100';
 */
export type UnitPriceInput = string | number | null | undefined;

/**
 * The outcome of reading a unit price: integer yen, `null` for a missing price, or a failure.
 *
 * @example
 * const result: UnitPriceResult = safeParseUnitPrice('980'); // { ok: true, yen: 980 }
 */
export type UnitPriceResult =
  | { ok: true; yen: number | null }
  | { ok: false; reason: 'invalid_unit_price' };

/**
 * Thrown by `parseUnitPrice` for a value that the schema would have rejected.
 *
 * @example
 * expect(() => parseUnitPrice('1,100')).toThrow(INVALID_UNIT_PRICE_MESSAGE);
 */
export const INVALID_UNIT_PRICE_MESSAGE =
  'Expected a unit price of whole yen: a numeric string such as "1100", an integer, "" or null.';

// Whole yen, optionally with a zero fraction: Django-style decimal fields serialise as "1100.00".
const UNIT_PRICE = /^(\d+)(?:\.0+)?$/;

/**
 * Reads a unit price into integer yen without throwing: a missing price (`null`, `undefined`,
 * `''`) is `{ ok: true, yen: null }`; anything that is not whole, non-negative yen fails.
 *
 * @example
 * safeParseUnitPrice('1100'); // { ok: true, yen: 1100 }
 * safeParseUnitPrice('1100.00'); // { ok: true, yen: 1100 }
 * safeParseUnitPrice(''); // { ok: true, yen: null }
 * safeParseUnitPrice('1100.5'); // { ok: false, reason: 'invalid_unit_price' }
 */
export function safeParseUnitPrice(value: UnitPriceInput): UnitPriceResult {
  if (value === null || value === undefined || value === '') return { ok: true, yen: null };
  let yen: number;
  if (typeof value === 'number') yen = value;
  else {
    const match = UNIT_PRICE.exec(value);
    if (!match) return { ok: false, reason: 'invalid_unit_price' };
    yen = Number(match[1]);
  }
  if (!Number.isSafeInteger(yen) || yen < 0) return { ok: false, reason: 'invalid_unit_price' };
  return { ok: true, yen };
}

/**
 * Parses the wire's `unit_price` once into integer yen; `null`, `undefined` and `''` (no price
 * yet) give `null`. Every rule that needs a price goes through this function.
 *
 * Throws a TypeError for a malformed value: data that passed `unitPriceSchema` never is, so
 * that is a programmer error. Use `safeParseUnitPrice` on unvalidated input.
 *
 * @example
 * parseUnitPrice('1100'); // 1100
 * parseUnitPrice(null); // null
 */
export function parseUnitPrice(value: UnitPriceInput): number | null {
  const result = safeParseUnitPrice(value);
  assert(result.ok, INVALID_UNIT_PRICE_MESSAGE);
  return result.yen;
}
