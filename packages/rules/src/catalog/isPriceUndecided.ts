import { parseUnitPrice, type UnitPriceInput } from '../schemas/parseUnitPrice';

/**
 * What `isPriceUndecided` reads from a variation.
 *
 * @example
 * const variation: PriceUndecidedInput = { can_reserve: true, unit_price: '' };
 */
export interface PriceUndecidedInput {
  can_reserve: boolean;
  unit_price?: UnitPriceInput;
}

/**
 * Whether a variation's price is still undecided (価格未定, docs/spec.md §4): it can be
 * reserved and its unit price is 0 or missing (`null`, `undefined`, `''`). A variation that
 * cannot be reserved is never price-undecided, whatever its price.
 *
 * @example
 * isPriceUndecided({ can_reserve: true, unit_price: '0' }); // true
 * isPriceUndecided({ can_reserve: true, unit_price: null }); // true
 * isPriceUndecided({ can_reserve: true, unit_price: '1100' }); // false
 * isPriceUndecided({ can_reserve: false, unit_price: '0' }); // false
 */
export function isPriceUndecided(variation: PriceUndecidedInput): boolean {
  return variation.can_reserve && !parseUnitPrice(variation.unit_price);
}
