import { PAYMENT_METHODS, type PaymentMethodName, type ShopPaymentMethod } from './paymentMethods';

/**
 * The payment method with a machine name, or `null` for a name the shop does not know (so a
 * name from a request can be looked up as it is).
 *
 * @example
 * paymentMethod('cash_on_delivery').fee; // 330
 * paymentMethod('bitcoin'); // null
 */
export function paymentMethod(typeName: PaymentMethodName): ShopPaymentMethod;
export function paymentMethod(typeName: string): ShopPaymentMethod | null;
export function paymentMethod(typeName: string): ShopPaymentMethod | null {
  return PAYMENT_METHODS.find((method) => method.typeName === typeName) ?? null;
}
