import { assert } from '../_lib/assert';
import { addDays, dayOfWeek, lastDayOfMonth } from '../_lib/days';
import { type DateInput, jstDateString } from '../_lib/jst';
import { SALE_TERMS, type SaleTerm } from '../navigation/routeParams';
import type { DayWindow } from './rankingWindow';

/**
 * Thrown by `saleWindow` for a term that is not one of SALE_TERMS (a programmer error).
 *
 * @example
 * expect(() => saleWindow('year' as SaleTerm, '2026-11-20')).toThrow(UNKNOWN_SALE_TERM_MESSAGE);
 */
export const UNKNOWN_SALE_TERM_MESSAGE = 'Expected a release-list term (SALE_TERMS).';

/**
 * The JST days of a release list (発売リスト) around `day`: 日別 (`day`) that day alone, 週別
 * (`week`) its Monday-to-Sunday week, 月別 (`month`) its calendar month. `day` is a date-only
 * string (that JST day) or an instant such as `now` (the JST day it falls on), so the windows
 * are the same under any host time zone. The windows of a term tile the calendar: every day is
 * in exactly one, and each starts the day after the previous one ends. Throws a TypeError for
 * an invalid date or an unknown term.
 *
 * @example
 * saleWindow('day', '2026-11-20'); // { from: '2026-11-20', to: '2026-11-20' }
 * saleWindow('week', '2026-11-20'); // { from: '2026-11-16', to: '2026-11-22' } (Mon-Sun)
 * saleWindow('month', '2028-02-10'); // { from: '2028-02-01', to: '2028-02-29' }
 * saleWindow('week', new Date('2026-11-22T15:00:00Z')); // { from: '2026-11-23', to: '2026-11-29' } (Mon 00:00 JST)
 */
export function saleWindow(term: SaleTerm, day: DateInput): DayWindow {
  assert(
    SALE_TERMS.some((t) => t.value === term),
    UNKNOWN_SALE_TERM_MESSAGE,
  );
  const date = jstDateString(day);
  switch (term) {
    case 'day':
      return { from: date, to: date };
    case 'week': {
      // Weeks start on Monday, as Japanese release calendars (and ISO 8601) count them.
      const monday = addDays(date, -((dayOfWeek(date) + 6) % 7));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month':
      return { from: `${date.slice(0, 8)}01`, to: lastDayOfMonth(date) };
  }
}
