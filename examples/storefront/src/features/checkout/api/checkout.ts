import type { PaymentMethodName, ShippingMethodName } from '@shop/rules';
import type { ApiClient } from '../../../lib/api-client';
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

const QUOTE = '/api/reserveshop/checkout/quote/';

/** POST /api/reserveshop/checkout/quote/: methods with availability and fees, and the shipments. */
export const quoteCheckout = (body: QuoteRequest) =>
  browserApi.request<CheckoutQuote>('POST', QUOTE, body);

/**
 * The same quote for the page's loader, through the in-process API with the shopper's cookie and
 * the session's CSRF token (the quote changes nothing, but it is a POST).
 */
export const loadQuote = (api: ApiClient, body: QuoteRequest, csrfToken: string) =>
  api.request<CheckoutQuote>('POST', QUOTE, body, { 'x-csrf-token': csrfToken });

/** POST /api/reserveshop/checkout/ with an Idempotency-Key: a retry never orders twice. */
export const confirmCheckout = (body: ConfirmRequest, idempotencyKey: string) =>
  browserApi.request<ConfirmResult>('POST', '/api/reserveshop/checkout/', body, {
    'idempotency-key': idempotencyKey,
  });
