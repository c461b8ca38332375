import { assert, NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';
import type { PaymentMethod } from '../schemas/paymentMethod';
import { paymentMethod } from './paymentMethod';
import type { PaymentMethodName } from './paymentMethods';

/**
 * The payment fee in yen for a goods subtotal (tax included, before points, shipping and other
 * fees): the method's `fee`, waived from `freeThreshold` when `isFreeThreshold`. Only cash on
 * delivery has one: 330 yen (代金引換手数料), free from 10,000 yen. Throws a TypeError for a
 * subtotal that is not a non-negative integer (a programmer error).
 *
 * @example
 * paymentFee('cash_on_delivery', 9999); // 330
 * paymentFee('cash_on_delivery', 10000); // 0
 * paymentFee('credit_card', 500); // 0
 */
export function paymentFee(method: PaymentMethod | PaymentMethodName, subtotal: number): number {
  assert(Number.isSafeInteger(subtotal) && subtotal >= 0, NON_INTEGER_YEN_MESSAGE);
  const payment = typeof method === 'string' ? paymentMethod(method) : method;
  if (payment.isFreeThreshold && payment.freeThreshold !== null) {
    if (subtotal >= payment.freeThreshold) return 0;
  }
  return payment.fee;
}
