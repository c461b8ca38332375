import { type DateInput, jstDateString, startOfJstDay } from '../_lib/jst';
import { activeBenefits } from '../catalog/activeBenefits';
import type { BenefitActivityInput } from '../catalog/isBenefitActive';
import type { SearchFilter } from './searchFilters';

/**
 * What `matchesSearchFilter` reads from a product.
 *
 * @example
 * const product: SearchFilterProduct = { sell_start_date: '2026-12-01', benefits: [] };
 */
export interface SearchFilterProduct {
  sell_start_date?: DateInput | null;
  benefits?: readonly BenefitActivityInput[] | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** `release` covers today and the six JST days before it: seven calendar days. */
const RELEASE_WINDOW_DAYS = 7;

/**
 * Whether a product passes one search filter at `now` (spec section 9), by JST calendar day:
 * - `benefit` (特典付き): it has at least one active benefit (`activeBenefits`);
 * - `release` (1週間以内に発売): it went on sale today or in the six JST days before (seven days
 *   counting today), so 本日発売 is always included and a future date never is;
 * - `reserve` (明日以降発売): it goes on sale on JST tomorrow or later.
 * A product without a sell start date passes neither `release` nor `reserve`.
 *
 * @example
 * const now = new Date('2026-12-10T12:00:00+09:00');
 * matchesSearchFilter({ sell_start_date: '2026-12-04' }, 'release', now); // true
 * matchesSearchFilter({ sell_start_date: '2026-12-03' }, 'release', now); // false
 * matchesSearchFilter({ sell_start_date: '2026-12-11' }, 'reserve', now); // true
 */
export function matchesSearchFilter(
  product: SearchFilterProduct,
  filter: SearchFilter,
  now: Date,
): boolean {
  if (filter === 'benefit') return activeBenefits(product, now).length > 0;
  const start = product.sell_start_date ?? null;
  if (start === null) return false;
  const day = jstDateString(start);
  const today = startOfJstDay(now).getTime();
  if (filter === 'reserve') return day >= jstDateString(new Date(today + DAY_MS));
  const firstDay = jstDateString(new Date(today - (RELEASE_WINDOW_DAYS - 1) * DAY_MS));
  return day >= firstDay && day <= jstDateString(now);
}
