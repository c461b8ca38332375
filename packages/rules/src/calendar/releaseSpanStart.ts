import { assert, INVALID_DATE_MESSAGE } from '../_lib/assert';
import { isDateOnly } from '../_lib/jst';
import { monthPart } from './monthPart';
import type { ReleaseDatePrecision } from './releaseDatePrecision';

const MONTH_PART_FIRST_DAYS = { early: '01', middle: '11', late: '21' } as const;

/**
 * The day a release known to `precision` is stored as (`releaseDateSchema`'s convention): the
 * day itself, or the first day of its part of the month (1, 11, 21) or of its month, so that
 * releases of any precision sort together and two products of 2027年3月中旬 share one day.
 * `date` is any date-only day `yyyy-MM-dd` inside the span; anything else throws a TypeError
 * with INVALID_DATE_MESSAGE.
 *
 * @example
 * releaseSpanStart('2027-03-15', 'day'); // '2027-03-15'
 * releaseSpanStart('2027-03-15', 'month_part'); // '2027-03-11' (3月中旬)
 * releaseSpanStart('2027-03-31', 'month'); // '2027-03-01' (3月)
 */
export function releaseSpanStart(date: string, precision: ReleaseDatePrecision): string {
  assert(isDateOnly(date), INVALID_DATE_MESSAGE);
  if (precision === 'day') return date;
  const month = date.slice(0, 8);
  if (precision === 'month') return `${month}01`;
  return `${month}${MONTH_PART_FIRST_DAYS[monthPart(date)]}`;
}
