import { isBenefitActive, jstToday, matchesSearchFilter, type SearchFilter } from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../lib/days';

// Calendar windows the catalog queries need as SQL bounds.
//
// Ranking and release-list windows are @shop/rules `rankingWindow` and `saleWindow`, which give
// their JST days directly. Search filters and benefit expiry are rules of @shop/rules too, but
// they answer per product, and SQL cannot call them per row at speed, so their bounds are
// *derived from the rules themselves*: the rule is asked about each candidate day around today
// and the first and last days it accepts become the SQL range. If a rule's window changes, the
// SQL follows; the tests compare SQL results with the rule product by product.

/** How far around today the rules are probed; far wider than any window they define. */
const PROBE_DAYS = 400;

export interface DayRange {
  /** First accepted JST day, or null when unbounded below. */
  from: string | null;
  /** Last accepted JST day, or null when unbounded above. */
  to: string | null;
}

// The bounds only change with the JST day: probe once per day and filter, not per request.
const probed = new Map<string, DayRange | null>();

function memoProbe(key: string, probe: () => DayRange | null): DayRange | null {
  if (probed.has(key)) return probed.get(key) ?? null;
  if (probed.size > 64) probed.clear();
  const range = probe();
  probed.set(key, range);
  return range;
}

function acceptedRange(accepts: (day: string) => boolean, today: string): DayRange | null {
  let first: number | null = null;
  let last: number | null = null;
  for (let offset = -PROBE_DAYS; offset <= PROBE_DAYS; offset += 1) {
    if (!accepts(addDays(today, offset))) continue;
    if (first === null) first = offset;
    last = offset;
  }
  if (first === null || last === null) return null;
  return {
    from: first === -PROBE_DAYS ? null : addDays(today, first),
    to: last === PROBE_DAYS ? null : addDays(today, last),
  };
}

/** The release days `matchesSearchFilter(product, filter, now)` accepts for a date filter. */
export function releaseFilterRange(filter: Exclude<SearchFilter, 'benefit'>, now: Date): DayRange {
  const today = jstToday(now);
  const range = memoProbe(`${filter}:${today}`, () =>
    acceptedRange((day) => matchesSearchFilter({ sell_start_date: day }, filter, now), today),
  );
  // A filter that accepts no day matches nothing: an empty range.
  return range ?? { from: today, to: addDays(today, -1) };
}

/** The first expiry day on which a distributed, available benefit still counts as active. */
export function firstActiveExpiryDay(now: Date): string {
  const today = jstToday(now);
  const range = memoProbe(`benefit:${today}`, () =>
    acceptedRange(
      (day) => isBenefitActive({ available_max_num: 1, distributed: true, expiry_date: day }, now),
      today,
    ),
  );
  return range?.from ?? addDays(today, PROBE_DAYS + 1);
}

/** SQL: product `p` has a benefit `isBenefitActive` accepts (the tests check both agree). */
export function hasActiveBenefit(now: Date): SQL {
  return sql`exists (
    select 1 from benefits b
    where b.product_id = p.id and b.distributed and b.available_max_num > 0
      and (b.expiry_date is null or b.expiry_date >= ${firstActiveExpiryDay(now)}::date))`;
}
