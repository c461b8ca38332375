import type { PaymentMethod } from '../schemas/paymentMethod';
import type { ShippingMethod } from '../schemas/shippingMethod';
import type { PaymentUnavailableReason } from './checkoutFailures';
import { paymentMethod } from './paymentMethod';
import type { PaymentMethodName } from './paymentMethods';
import { shippingMethod } from './shippingMethod';
import type { ShippingMethodName } from './shippingMethods';

/**
 * Whether a payment method can pay for a shipment, with the reason when it cannot.
 *
 * @example
 * const availability: PaymentAvailability = isPaymentAvailable('yucho', { shipping: 'yu_packet' });
 */
export type PaymentAvailability = { ok: true } | { ok: false; reason: PaymentUnavailableReason };

/**
 * Whether a payment method can be used for a shipment (spec sections 3 and 9), checked in this
 * order: overseas (`global`) needs both the shipping and the payment method to allow it; an
 * economical shipping method (ゆうパケット, `hasEconomicalShipping`) needs a payment with
 * `canEconomicalShipping` (cash on delivery has none); a bundle (おまとめ配送) needs
 * `isBundleUsable`.
 *
 * @example
 * isPaymentAvailable('cash_on_delivery', { shipping: 'yu_packet' });
 * // { ok: false, reason: 'payment_not_available_for_economical_shipping' }
 * isPaymentAvailable('cash_on_delivery', { shipping: 'home_delivery', global: true });
 * // { ok: false, reason: 'payment_not_available_overseas' }
 * isPaymentAvailable('credit_card', { shipping: 'home_delivery', bundle: true }); // { ok: true }
 */
export function isPaymentAvailable(
  payment: PaymentMethod | PaymentMethodName,
  {
    shipping,
    global = false,
    bundle = false,
  }: { shipping: ShippingMethod | ShippingMethodName; global?: boolean; bundle?: boolean },
): PaymentAvailability {
  const pay = typeof payment === 'string' ? paymentMethod(payment) : payment;
  const ship = typeof shipping === 'string' ? shippingMethod(shipping) : shipping;
  if (global && !ship.canGlobalShipping) {
    return { ok: false, reason: 'shipping_not_available_overseas' };
  }
  if (global && !pay.canGlobalShipping)
    return { ok: false, reason: 'payment_not_available_overseas' };
  if (ship.hasEconomicalShipping && !pay.canEconomicalShipping) {
    return { ok: false, reason: 'payment_not_available_for_economical_shipping' };
  }
  if (bundle && !pay.isBundleUsable)
    return { ok: false, reason: 'payment_not_available_for_bundle' };
  return { ok: true };
}
