import {
  CHECKOUT_FAILURE_MESSAGES,
  isPaymentAvailable,
  PAYMENT_METHODS,
  type PaymentMethodName,
  SHIPPING_METHODS,
  type ShippingMethodName,
} from '@shop/rules';

/**
 * For each shipping method, each payment method's refusal by @shop/rules' isPaymentAvailable in
 * the rules' Japanese words, or null when it may pay. The checkout's loader computes it on the
 * server: the page disables what cannot be chosen before the API's quote answers, without the
 * rules' message table in its first load.
 */
export type PaymentRules = Record<ShippingMethodName, Record<PaymentMethodName, string | null>>;

export function paymentRules(): PaymentRules {
  return Object.fromEntries(
    SHIPPING_METHODS.map((shipping) => [
      shipping.typeName,
      Object.fromEntries(
        PAYMENT_METHODS.map((payment) => {
          const rule = isPaymentAvailable(payment, { shipping: shipping.typeName });
          return [payment.typeName, rule.ok ? null : CHECKOUT_FAILURE_MESSAGES[rule.reason]];
        }),
      ),
    ]),
  ) as PaymentRules;
}
