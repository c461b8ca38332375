import { type DateInput, isDateOnly, startOfNextJstDay, toInstant } from '../_lib/jst';

/**
 * How far back a date still counts as recent: 7 days (docs/spec.md §4).
 *
 * @example
 * RECENT_WINDOW_MS; // 604800000
 */
export const RECENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether `date` is recent at `now`: at most 7 days before `now` (docs/spec.md §4: "within
 * 7 days"). A future date is never recent (a coming release is not "new").
 *
 * A date-time counts while `now - 7 days <= date <= now`. A date-only value is a whole JST day:
 * recent from its start until 7 days after it ends, i.e. on that JST day and the 7 days after
 * (release on 12/1 → recent through 12/8 23:59 JST).
 *
 * @example
 * const now = new Date('2026-12-08T12:00:00+09:00');
 * isRecent('2026-12-01T12:00:00+09:00', now); // true (exactly 7 days)
 * isRecent('2026-12-01T11:59:59+09:00', now); // false
 * isRecent('2026-12-01', now); // true (a JST day 7 days ago)
 * isRecent('2026-12-09', now); // false (future)
 */
export function isRecent(date: DateInput, now: Date): boolean {
  const nowMs = toInstant(now).getTime();
  const windowStart = nowMs - RECENT_WINDOW_MS;
  const start = toInstant(date).getTime();
  if (start > nowMs) return false;
  if (isDateOnly(date)) return startOfNextJstDay(date).getTime() > windowStart;
  return start >= windowStart;
}
