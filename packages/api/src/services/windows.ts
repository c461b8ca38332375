import {
  isBenefitActive,
  jstToday,
  matchesSearchFilter,
  type RankingType,
  type SaleTerm,
  type SearchFilter,
} from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../lib/days';

// Calendar windows the catalog queries need as SQL bounds.
//
// Search filters and benefit expiry are rules of @shop/rules. SQL cannot call them per row at
// speed, so their bounds are *derived from the rules themselves*: the rule is asked about each
// candidate day around today and the first and last days it accepts become the SQL range. If a
// rule's window changes, the SQL follows; the tests compare SQL results with the rule product by
// product.

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

// Ranking and release-list windows have no rule in @shop/rules yet; they are defined here, in
// one place, until they move there (see docs/api.md, "Rankings").

/** Inclusive JST days. */
export interface DayWindow {
  from: string;
  to: string;
}

export interface RankingWindow extends DayWindow {
  /** What is counted: units sold, or units reserved before release. */
  measure: 'sales' | 'reservations';
}

/**
 * Rankings count complete JST days up to yesterday: 毎日 yesterday, 週間 the 7 days, 月間 the 30
 * days, 年間 the 365 days ending yesterday. 予約 counts reservations placed in the last 30 days
 * (today included) for items not yet released.
 */
export function rankingWindow(type: RankingType, now: Date): RankingWindow {
  const today = jstToday(now);
  const yesterday = addDays(today, -1);
  switch (type) {
    case 'reservation':
      return { from: addDays(today, -29), to: today, measure: 'reservations' };
    case 'daily':
      return { from: yesterday, to: yesterday, measure: 'sales' };
    case 'weekly':
      return { from: addDays(yesterday, -6), to: yesterday, measure: 'sales' };
    case 'monthly':
      return { from: addDays(yesterday, -29), to: yesterday, measure: 'sales' };
    case 'yearly':
      return { from: addDays(yesterday, -364), to: yesterday, measure: 'sales' };
  }
}

/**
 * Release lists: 日別 the given day, 週別 its Monday-to-Sunday week, 月別 its calendar month
 * (the day defaults to today in Japan).
 */
export function saleWindow(term: SaleTerm, day: string): DayWindow {
  switch (term) {
    case 'day':
      return { from: day, to: day };
    case 'week': {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const monday = addDays(day, -((weekday + 6) % 7));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month': {
      const first = `${day.slice(0, 8)}01`;
      return { from: first, to: addDays(addDays(first, 32).slice(0, 8).concat('01'), -1) };
    }
  }
}

/** SQL: product `p` has a benefit `isBenefitActive` accepts (the tests check both agree). */
export function hasActiveBenefit(now: Date): SQL {
  return sql`exists (
    select 1 from benefits b
    where b.product_id = p.id and b.distributed and b.available_max_num > 0
      and (b.expiry_date is null or b.expiry_date >= ${firstActiveExpiryDay(now)}::date))`;
}
