import { type DateInput, jstCalendarDay } from '../_lib/jst';
import { formatJstDate } from './formatJstDate';
import { monthPartLabel } from './monthPartLabel';
import type { ReleaseDatePrecision } from './releaseDatePrecision';

/**
 * A release date to format: a plain date (known to the day), or a date with the precision it
 * is known to (`releaseDateSchema`'s shape; `precision` defaults to `'day'`).
 *
 * @example
 * const release: ReleaseDateInput = { date: '2026-11-21', precision: 'month_part' };
 */
export type ReleaseDateInput = DateInput | { date: DateInput; precision?: ReleaseDatePrecision };

/**
 * The release date as the shop prints it, in JST:
 * - `'day'`: 「2026年12月1日(火)発売」 (with the weekday, for past and coming releases alike);
 * - `'month_part'`: 「2026年11月下旬発売予定」 (上旬/中旬/下旬 from the date's day);
 * - `'month'`: 「2026年11月発売予定」.
 * Only the vague forms say 予定: an exact day is a fixed date, a month part is a forecast.
 *
 * @example
 * formatReleaseDate('2026-12-01'); // '2026年12月1日(火)発売'
 * formatReleaseDate({ date: '2026-11-21', precision: 'month_part' }); // '2026年11月下旬発売予定'
 * formatReleaseDate({ date: '2026-11-01', precision: 'month' }); // '2026年11月発売予定'
 */
export function formatReleaseDate(release: ReleaseDateInput): string {
  const { date, precision = 'day' } =
    typeof release === 'string' || release instanceof Date ? { date: release } : release;
  const { year, month } = jstCalendarDay(date);
  switch (precision) {
    case 'month':
      return `${year}年${month}月発売予定`;
    case 'month_part':
      return `${year}年${month}月${monthPartLabel(date)}発売予定`;
    case 'day':
      return `${formatJstDate(date)}発売`;
  }
}
