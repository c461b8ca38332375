import type { CheckoutFailureReason } from '@shop/rules';

/**
 * Why a service refuses what it was asked: the machine-readable `code` clients read. A service
 * names the reason and the shopper's message, never an HTTP status: which status each reason
 * answers is one table of the HTTP layer (REFUSAL_STATUS in src/refusal-status.ts), so adding a
 * reason here fails to compile until that table maps it.
 */
export type RefusalCode =
  // @shop/rules' checkout failures (a quote, a line's quantity, a bundle's shipping)
  | CheckoutFailureReason
  // the cart
  | 'variation_not_found'
  | 'not_available'
  | 'insufficient_stock'
  | 'too_many_lines'
  | 'not_in_cart'
  // orders, their cancellation, shipping and payment
  | 'order_not_found'
  | 'order_in_bundle'
  | 'order_not_cancellable'
  | 'order_not_shippable'
  | 'not_awaiting_payment'
  | 'not_released'
  | 'unpaid'
  | 'capture_failed'
  | 'product_not_found'
  | 'release_date_unchanged'
  // bundles
  | 'bundle_not_found'
  | 'bundle_not_shippable'
  | 'order_already_bundled'
  | 'order_not_open'
  | 'bundle_too_few_orders'
  | 'bundle_destination_mismatch'
  | 'idempotency_key_reused'
  | 'login_required'
  // favourites
  | 'favorite_target_not_found'
  | 'favorite_limit_reached'
  | 'favorite_not_found';

/**
 * A service's refusal: its reason and the Japanese message a shopper reads. Thrown out of the
 * service (or carried by a Rollback out of its transaction) and rendered by the app's onError.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: RefusalCode,
    messageJa: string,
  ) {
    super(messageJa);
    this.name = 'ServiceError';
  }
}
