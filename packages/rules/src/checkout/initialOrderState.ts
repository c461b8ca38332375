import { isPaidBeforeShipping } from './isPaidBeforeShipping';
import type { OrderState } from './orderStates';
import type { PaymentMethodName, ShopPaymentMethod } from './paymentMethods';

/**
 * The state an order starts in when it is placed: a reservation is `reserved` (予約中) whatever
 * its payment; an order that waits for its money (`isPaidBeforeShipping`) is `awaiting_payment`
 * (入金待ち); any other is `preparing` (発送準備中), ready to ship.
 *
 * @example
 * initialOrderState({ isReservation: true, payment: 'bank_transfer', amountDue: 2200 }); // 'reserved'
 * initialOrderState({ isReservation: false, payment: 'yucho', amountDue: 2200 }); // 'awaiting_payment'
 * initialOrderState({ isReservation: false, payment: 'credit_card', amountDue: 2200 }); // 'preparing'
 */
export function initialOrderState({
  isReservation,
  payment,
  amountDue,
}: {
  isReservation: boolean;
  payment: ShopPaymentMethod | PaymentMethodName;
  amountDue: number;
}): OrderState {
  if (isReservation) return 'reserved';
  return isPaidBeforeShipping(payment, amountDue) ? 'awaiting_payment' : 'preparing';
}
