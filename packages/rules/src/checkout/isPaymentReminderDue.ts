import { jstToday } from '../calendar/jstToday';
import { paymentReminderDate } from './paymentReminderDate';

/**
 * Whether the reminder of an order due on `dueDate` should go out at `now`: from its
 * `paymentReminderDate` until the due date itself (a reminder after the order is overdue would
 * ask for money the shop is about to refuse). The job sending it records it once per order and
 * due date. An invalid `now` throws a TypeError with `INVALID_DATE_MESSAGE`.
 *
 * @example
 * isPaymentReminderDue('2026-12-03', new Date('2026-11-30T03:00:00Z')); // false
 * isPaymentReminderDue('2026-12-03', new Date('2026-12-01T03:00:00Z')); // true
 * isPaymentReminderDue('2026-12-03', new Date('2026-12-04T03:00:00Z')); // false
 */
export function isPaymentReminderDue(dueDate: string, now: Date): boolean {
  const today = jstToday(now);
  return today >= paymentReminderDate(dueDate) && today <= dueDate;
}
