import { monthPart } from '../calendar/monthPart';
import type { ReleaseDatePrecision } from '../calendar/releaseDatePrecision';
import { lastDayOfMonth } from './days';

/** The last days of the first two parts of a month; a late part ends with its month. */
const MONTH_PART_LAST_DAYS = { early: '10', middle: '20' } as const;

/**
 * The last day a release stored on `date` and known to `precision` may fall on: the day itself,
 * the last day of its part of the month (`monthPart`: the 10th, the 20th or the month's end), or
 * its month's last day. `date` is a date-only string the caller has checked.
 */
export function releaseSpanEnd(date: string, precision: ReleaseDatePrecision): string {
  if (precision === 'day') return date;
  const part = monthPart(date);
  if (precision === 'month' || part === 'late') return lastDayOfMonth(date);
  return `${date.slice(0, 8)}${MONTH_PART_LAST_DAYS[part]}`;
}
