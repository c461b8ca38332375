import { z } from 'zod';
import { safeParseUnitPrice } from './parseUnitPrice';

/**
 * `unit_price` on the wire: a numeric string of whole, tax-included yen (`"1100"`, or `"1100.00"`
 * as decimal fields serialise), `''` or `null` while the price is undecided. The schema keeps the
 * wire form; `parseUnitPrice` turns it into integer yen.
 *
 * @example
 * unitPriceSchema.parse('1100'); // '1100'
 * unitPriceSchema.safeParse('1,100').success; // false
 */
export const unitPriceSchema = z
  .string()
  .refine((value) => safeParseUnitPrice(value).ok, {
    message: 'unit_price must be a numeric string of whole yen',
  })
  .nullable();

/**
 * A wire unit price: a numeric string of whole yen, `''` or `null`.
 *
 * @example
 * const price: UnitPrice = '1100';
 */
export type UnitPrice = z.infer<typeof unitPriceSchema>;
