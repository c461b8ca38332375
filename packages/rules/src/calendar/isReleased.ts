import { type DateInput, toInstant } from '../_lib/jst';

/**
 * Whether `date` has arrived at `now`: true from the date's own instant on. A date-only value
 * arrives at the start of that JST day, so an item released on `2026-12-01` is out from
 * 2026-12-01 00:00 JST whatever the host's time zone.
 *
 * @example
 * isReleased('2026-12-01', new Date('2026-11-30T15:00:00Z')); // true (00:00 JST on the day)
 * isReleased('2026-12-01', new Date('2026-11-30T14:59:59Z')); // false
 */
export function isReleased(date: DateInput, now: Date): boolean {
  return toInstant(date).getTime() <= toInstant(now).getTime();
}
