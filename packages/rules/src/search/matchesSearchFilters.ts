import { matchesSearchFilter, type SearchFilterProduct } from './matchesSearchFilter';
import type { SearchFilter } from './searchFilters';

/**
 * Whether a product passes every filter of a search: filters narrow together, so `release` with
 * `reserve` matches nothing, and no filter at all matches everything.
 *
 * @example
 * const now = new Date('2026-12-10T12:00:00+09:00');
 * matchesSearchFilters({ sell_start_date: '2026-12-11', benefits: [] }, ['reserve'], now); // true
 * matchesSearchFilters({ sell_start_date: '2026-12-11', benefits: [] }, ['benefit', 'reserve'], now); // false
 */
export function matchesSearchFilters(
  product: SearchFilterProduct,
  filters: readonly SearchFilter[],
  now: Date,
): boolean {
  return filters.every((filter) => matchesSearchFilter(product, filter, now));
}
