import type { PaymentMethodName, ShippingMethodName } from '@shop/rules';
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutQuote, ConfirmResult } from '../../../types/account';

export interface QuoteRequest {
  shippingMethod: ShippingMethodName;
  paymentMethod: PaymentMethodName;
  usePoints?: number;
}

export interface ConfirmRequest extends QuoteRequest {
  addressId: number;
  deliveryTimeSlot?: string;
  card?: { savedCardId: number };
}

/** POST /api/reserveshop/checkout/quote/: methods with availability and fees, and the shipments. */
export const quoteCheckout = (body: QuoteRequest) =>
  apiRequest<CheckoutQuote>('POST', '/api/reserveshop/checkout/quote/', body);

/** POST /api/reserveshop/checkout/ with an Idempotency-Key: a retry never orders twice. */
export const confirmCheckout = (body: ConfirmRequest, idempotencyKey: string) =>
  apiRequest<ConfirmResult>('POST', '/api/reserveshop/checkout/', body, {
    'idempotency-key': idempotencyKey,
  });

const RESULT_KEY = 'shop:checkout-result';

/** Keeps the confirmed orders for /checkout/complete (this tab only). */
export function rememberCheckoutResult(result: ConfirmResult): void {
  try {
    sessionStorage.setItem(RESULT_KEY, JSON.stringify(result));
  } catch {
    // Without storage the complete page points to the order history instead.
  }
}

export function readCheckoutResult(): ConfirmResult | null {
  try {
    const raw = sessionStorage.getItem(RESULT_KEY);
    return raw ? (JSON.parse(raw) as ConfirmResult) : null;
  } catch {
    return null;
  }
}
