import { jstToday } from '../calendar/jstToday';

/**
 * Whether an order due on `dueDate` (a `yyyy-MM-dd` JST day) is overdue at `now`: the due date is
 * the last day the money may arrive, so the order is overdue from 00:00 JST of the day after, when
 * the shop cancels it. An invalid `now` throws a TypeError with `INVALID_DATE_MESSAGE`.
 *
 * @example
 * isPaymentOverdue('2026-12-03', new Date('2026-12-03T14:59:59Z')); // false (23:59 JST on the 3rd)
 * isPaymentOverdue('2026-12-03', new Date('2026-12-03T15:00:00Z')); // true (00:00 JST on the 4th)
 */
export function isPaymentOverdue(dueDate: string, now: Date): boolean {
  return jstToday(now) > dueDate;
}
