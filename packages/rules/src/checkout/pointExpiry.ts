import { addDays } from '../_lib/days';
import { type DateInput, jstDateString, toInstant } from '../_lib/jst';
import { jstToday } from '../calendar/jstToday';

/**
 * Days before the expiry date that ポイント失効のお知らせ goes out.
 *
 * @example
 * POINT_EXPIRY_NOTICE_DAYS; // 30
 */
export const POINT_EXPIRY_NOTICE_DAYS = 30;

/**
 * When a member's points expire and how many: the whole balance on one date.
 *
 * @example
 * const expiry: PointExpiry = { date: '2027-03-10', amount: 500 };
 */
export interface PointExpiry {
  /** The last JST day the points can be used (有効期限): they expire at 00:00 JST the next day. */
  date: string;
  /** Points that expire then: the whole balance. */
  amount: number;
}

/**
 * Where a member's points stand against their expiry date at some instant.
 *
 * @example
 * const stage: PointExpiryStage = pointExpiryStage('2027-03-10', new Date()); // 'valid' | 'notice' | 'expired'
 */
export type PointExpiryStage = 'valid' | 'notice' | 'expired';

/** The same day one year later; 29 February becomes 28 February in a common year. */
function oneYearLater(day: string): string {
  const year = String(Number(day.slice(0, 4)) + 1).padStart(4, '0');
  const monthDay = day.slice(5);
  if (monthDay === '02-29' && addDays(`${year}-02-28`, 1) !== `${year}-02-29`) {
    return `${year}-02-28`;
  }
  return `${year}-${monthDay}`;
}

/**
 * When a member's points expire (docs/account-mail.md, 第5条 of the terms): the whole balance,
 * one year after the member last earned or used points (a grant, a use or a refund of points
 * spent on a cancelled order), on the same JST calendar day (29 February: 28 February). Any
 * earning or use before then moves the date. `null` when there is nothing to expire (no points,
 * or no activity ever). An invalid `lastActivity` throws a TypeError with `INVALID_DATE_MESSAGE`.
 *
 * @example
 * nextPointExpiry(new Date('2026-03-10T02:00:00Z'), 500); // { date: '2027-03-10', amount: 500 }
 * nextPointExpiry(new Date('2026-03-09T16:00:00Z'), 500); // { date: '2027-03-10', amount: 500 } (01:00 JST)
 * nextPointExpiry('2028-02-29', 120); // { date: '2029-02-28', amount: 120 }
 * nextPointExpiry(new Date('2026-03-10T02:00:00Z'), 0); // null
 */
export function nextPointExpiry(
  lastActivity: DateInput | null,
  balance: number,
): PointExpiry | null {
  if (lastActivity === null || balance <= 0) return null;
  return { date: oneYearLater(jstDateString(toInstant(lastActivity))), amount: balance };
}

/**
 * Where points expiring on `date` (a `PointExpiry.date`) stand at `now`: `expired` from 00:00 JST
 * the day after `date`, `notice` (the shop mails ポイント失効のお知らせ) from
 * `POINT_EXPIRY_NOTICE_DAYS` days before `date` until then, else `valid`. An invalid `now` throws
 * a TypeError with `INVALID_DATE_MESSAGE`.
 *
 * @example
 * pointExpiryStage('2027-03-10', new Date('2027-02-07T15:00:00Z')); // 'valid' (00:00 JST 8 Feb)
 * pointExpiryStage('2027-03-10', new Date('2027-02-08T15:00:00Z')); // 'notice' (00:00 JST 9 Feb)
 * pointExpiryStage('2027-03-10', new Date('2027-03-10T15:00:00Z')); // 'expired' (00:00 JST 11 Mar)
 */
export function pointExpiryStage(date: string, now: DateInput): PointExpiryStage {
  const today = jstToday(toInstant(now));
  if (today > date) return 'expired';
  if (today >= addDays(date, -POINT_EXPIRY_NOTICE_DAYS)) return 'notice';
  return 'valid';
}

/**
 * An instant every last activity whose points are at `notice` or `expired` at `now` lies before,
 * so a job can look only at members idle since then and let `nextPointExpiry` and
 * `pointExpiryStage` decide (a year is at least 365 days; one day covers the JST day's hours).
 * An invalid `now` throws a TypeError with `INVALID_DATE_MESSAGE`.
 *
 * @example
 * pointExpiryScanBound(new Date('2027-02-09T00:00:00Z')); // 2026-03-11T00:00:00.000Z (334 days before)
 */
export function pointExpiryScanBound(now: DateInput): Date {
  const days = 365 - 1 - POINT_EXPIRY_NOTICE_DAYS;
  return new Date(toInstant(now).getTime() - days * 24 * 60 * 60 * 1000);
}
