import { addDays } from '../_lib/days';
import { PAYMENT_REMINDER_DAYS } from './paymentReminderDays';

/**
 * The JST day on which the reminder of an order due on `dueDate` (a `yyyy-MM-dd` JST day, as
 * `paymentDueDate` gives it) is sent: `PAYMENT_REMINDER_DAYS` days before it. The reminder job
 * sends it from that day until the due date itself, once.
 *
 * @example
 * paymentReminderDate('2026-12-03'); // '2026-12-01'
 */
export function paymentReminderDate(dueDate: string): string {
  return addDays(dueDate, -PAYMENT_REMINDER_DAYS);
}
