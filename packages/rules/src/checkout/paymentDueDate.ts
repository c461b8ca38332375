import { addDays } from '../_lib/days';
import { jstToday } from '../calendar/jstToday';
import { isPaidBeforeShipping } from './isPaidBeforeShipping';
import { paymentMethod } from './paymentMethod';
import type { PaymentMethodName, ShopPaymentMethod } from './paymentMethods';

/**
 * The JST day by which an order's money is due, `dueDays` after the day it is placed (the date
 * its payment instructions print), or `null` for an order that waits for no money
 * (`isPaidBeforeShipping` is false). An invalid `now` throws a TypeError with
 * `INVALID_DATE_MESSAGE`.
 *
 * @example
 * paymentDueDate(new Date('2026-11-25T16:00:00Z'), 'bank_transfer', 2200); // '2026-12-03'
 * paymentDueDate(new Date('2026-11-25T16:00:00Z'), 'credit_card', 2200); // null
 */
export function paymentDueDate(
  now: Date,
  payment: ShopPaymentMethod | PaymentMethodName,
  amountDue: number,
): string | null {
  const method = typeof payment === 'string' ? paymentMethod(payment) : payment;
  if (method.dueDays === null || !isPaidBeforeShipping(method, amountDue)) return null;
  return addDays(jstToday(now), method.dueDays);
}
