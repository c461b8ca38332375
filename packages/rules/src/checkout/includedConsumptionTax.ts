import { assert, NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';

/**
 * The consumption tax rate of the shop's goods, in percent: books, magazines and goods are taxed
 * at the standard 10 % (the reduced 8 % is for food and subscribed newspapers only).
 *
 * @example
 * CONSUMPTION_TAX_PERCENT; // 10
 */
export const CONSUMPTION_TAX_PERCENT = 10;

/**
 * The consumption tax contained in a tax-included amount of yen (the shop's prices are 税込), as
 * a delivery note or 納品書 states it: `amount × 10 / 110`, rounded down to the yen, computed once
 * on the total rather than per line. Throws a TypeError with `NON_INTEGER_YEN_MESSAGE` for an
 * amount that is not a non-negative integer.
 *
 * @example
 * includedConsumptionTax(1100); // 100
 * includedConsumptionTax(4228); // 384 (4,228 × 10 / 110 = 384.36...)
 * includedConsumptionTax(0); // 0
 */
export function includedConsumptionTax(amount: number): number {
  assert(Number.isSafeInteger(amount) && amount >= 0, NON_INTEGER_YEN_MESSAGE);
  return Math.floor((amount * CONSUMPTION_TAX_PERCENT) / (100 + CONSUMPTION_TAX_PERCENT));
}
