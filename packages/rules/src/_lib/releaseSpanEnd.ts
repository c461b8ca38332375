import type { ReleaseDatePrecision } from '../calendar/releaseDatePrecision';
import { lastDayOfMonth } from './days';

/**
 * The last day a release stored on `date` and known to `precision` may fall on: the day itself,
 * the 10th or the 20th of its part of the month, or its month's last day. `date` is a date-only
 * string the caller has checked.
 */
export function releaseSpanEnd(date: string, precision: ReleaseDatePrecision): string {
  if (precision === 'day') return date;
  const dayOfMonth = Number(date.slice(8, 10));
  if (precision === 'month_part' && dayOfMonth <= 10) return `${date.slice(0, 8)}10`;
  if (precision === 'month_part' && dayOfMonth <= 20) return `${date.slice(0, 8)}20`;
  return lastDayOfMonth(date);
}
