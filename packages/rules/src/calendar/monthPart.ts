import { type DateInput, jstCalendarDay } from '../_lib/jst';

/**
 * The three parts of a month, in order: 上旬, 中旬, 下旬.
 *
 * @example
 * MONTH_PARTS.indexOf(monthPart('2026-11-15')); // 1
 */
export const MONTH_PARTS = ['early', 'middle', 'late'] as const;

/**
 * A part of a month: `'early'` (days 1-10), `'middle'` (11-20) or `'late'` (21 to the end).
 *
 * @example
 * const part: MonthPart = monthPart('2026-11-25'); // 'late'
 */
export type MonthPart = (typeof MONTH_PARTS)[number];

/**
 * The part of its month a date falls in, by its JST calendar day (docs/spec.md §4: "split at
 * day 10 and day 20"): days 1-10 `'early'`, 11-20 `'middle'`, 21 to the end `'late'`.
 *
 * @example
 * monthPart('2026-11-10'); // 'early'
 * monthPart('2026-11-11'); // 'middle'
 * monthPart('2026-11-20T15:00:00Z'); // 'late' (2026-11-21 00:00 JST)
 */
export function monthPart(date: DateInput): MonthPart {
  const { day } = jstCalendarDay(date);
  if (day <= 10) return 'early';
  if (day <= 20) return 'middle';
  return 'late';
}
