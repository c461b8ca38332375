import { assert, NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';
import { paymentMethod } from './paymentMethod';
import type { PaymentMethodName, ShopPaymentMethod } from './paymentMethods';

/**
 * Whether an order waits for its money before it may ship (入金待ち): its payment method is
 * `paidBeforeShipping` (a bank or ゆうちょ transfer) and something is left to pay after points.
 * The API starts such an order as `awaiting_payment` and refuses to ship it until the payment
 * is recorded. `amountDue` that is not a safe integer throws a TypeError (it comes from a quote).
 *
 * @example
 * isPaidBeforeShipping('bank_transfer', 2200); // true
 * isPaidBeforeShipping('bank_transfer', 0); // false
 * isPaidBeforeShipping('credit_card', 2200); // false
 */
export function isPaidBeforeShipping(
  payment: ShopPaymentMethod | PaymentMethodName,
  amountDue: number,
): boolean {
  assert(Number.isSafeInteger(amountDue), NON_INTEGER_YEN_MESSAGE);
  const method = typeof payment === 'string' ? paymentMethod(payment) : payment;
  return method.paidBeforeShipping && amountDue > 0;
}
