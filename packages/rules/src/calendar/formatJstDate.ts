import { dayOfWeek } from '../_lib/days';
import { type DateInput, jstCalendarDay, jstDateString } from '../_lib/jst';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/**
 * A calendar day as Japanese shop pages print it, in JST whatever the host's zone:
 * 「2026年12月1日(火)」, numbers not zero-padded, the weekday in half-width parentheses. Used for
 * news, order and gallery dates; `formatReleaseDate` builds on it for release dates.
 *
 * @example
 * formatJstDate('2026-12-01'); // '2026年12月1日(火)'
 * formatJstDate('2026-11-30T15:00:00Z'); // '2026年12月1日(火)' (00:00 JST)
 */
export function formatJstDate(date: DateInput): string {
  const jstDay = jstDateString(date);
  const { year, month, day } = jstCalendarDay(jstDay);
  const weekday = WEEKDAYS[dayOfWeek(jstDay)];
  return `${year}年${month}月${day}日(${weekday})`;
}
