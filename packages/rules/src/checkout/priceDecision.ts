import { addDays } from '../_lib/days';
import { jstToday } from '../calendar/jstToday';
import { paymentMethod } from './paymentMethod';
import type { PaymentMethodName, ShopPaymentMethod } from './paymentMethods';

/**
 * How many JST days after the shop decides a 価格未定 item's price the member may still cancel
 * the reservation free of charge (the date 価格決定のお知らせ prints). Decision (the spec is
 * silent): a week, as long as a transfer's `PAYMENT_DUE_DAYS`, so one weekend always fits.
 *
 * @example
 * PRICE_DECISION_CANCEL_DAYS; // 7
 */
export const PRICE_DECISION_CANCEL_DAYS = 7;

/**
 * The last JST day on which a member may cancel free a reservation whose price was decided at
 * `decidedAt`: `PRICE_DECISION_CANCEL_DAYS` after the JST day of the decision. An invalid
 * `decidedAt` throws a TypeError with `INVALID_DATE_MESSAGE`.
 *
 * @example
 * priceDecisionCancelDeadline(new Date('2026-11-25T16:00:00Z')); // '2026-12-03'
 */
export function priceDecisionCancelDeadline(decidedAt: Date): string {
  return addDays(jstToday(decidedAt), PRICE_DECISION_CANCEL_DAYS);
}

/**
 * Whether an order whose price is not decided yet (価格未定) may be paid with this method: the
 * method must be able to wait for an amount. A card is authorised when the price is decided, a
 * transfer is asked for (with its due date) then, and cash on delivery is paid at the door;
 * 全額ポイント利用 spends the amount due at checkout, which is not known, so it cannot wait.
 *
 * @example
 * canWaitForPrice('credit_card'); // true
 * canWaitForPrice('full_points'); // false
 */
export function canWaitForPrice(payment: ShopPaymentMethod | PaymentMethodName): boolean {
  const { settlement } = typeof payment === 'string' ? paymentMethod(payment) : payment;
  switch (settlement) {
    case 'card':
    case 'transfer':
    case 'on_delivery':
      return true;
    case 'points':
      return false;
    default:
      return settlement satisfies never;
  }
}
