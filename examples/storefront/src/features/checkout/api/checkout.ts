import type { PaymentMethodName, ShippingMethodName } from '@shop/rules';
import { browserApi } from '../../../lib/browser-api';
import type { CheckoutQuote, ConfirmResult } from '../../../types/account';

export interface QuoteRequest {
  shippingMethod: ShippingMethodName;
  paymentMethod: PaymentMethodName;
  usePoints?: number;
  /** The chosen address: an overseas one is quoted with the overseas fee and methods. */
  addressId?: number;
}

export interface ConfirmRequest extends QuoteRequest {
  addressId: number;
  deliveryTimeSlot?: string;
  card?: { savedCardId: number };
}

/** POST /api/reserveshop/checkout/quote/: methods with availability and fees, and the shipments. */
export const quoteCheckout = (body: QuoteRequest) =>
  browserApi.request<CheckoutQuote>('POST', '/api/reserveshop/checkout/quote/', body);

/** POST /api/reserveshop/checkout/ with an Idempotency-Key: a retry never orders twice. */
export const confirmCheckout = (body: ConfirmRequest, idempotencyKey: string) =>
  browserApi.request<ConfirmResult>('POST', '/api/reserveshop/checkout/', body, {
    'idempotency-key': idempotencyKey,
  });
