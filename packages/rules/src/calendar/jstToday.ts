import { jstDateString } from '../_lib/jst';

/**
 * Today's date in Japan at `now`, as a date-only string `yyyy-MM-dd` (the form the API and the
 * storefront compare release dates with), whatever the host's time zone.
 *
 * @example
 * jstToday(new Date('2026-11-30T15:00:00Z')); // '2026-12-01' (00:00 JST)
 * jstToday(new Date('2026-11-30T14:59:59Z')); // '2026-11-30'
 */
export function jstToday(now: Date): string {
  return jstDateString(now);
}
