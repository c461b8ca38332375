import type { CheckoutFailureReason } from '@shop/rules';
import type { ErrorDetail } from '../errors';

/**
 * Why a service refuses what it was asked: the machine-readable `code` clients read. A service
 * names the reason and the shopper's message, never an HTTP status: which status each reason
 * answers is one table of the HTTP layer (REFUSAL_STATUS in src/refusal-status.ts), so adding a
 * reason here fails to compile until that table maps it.
 */
export type RefusalCode =
  // @shop/rules' checkout failures (a quote, a line's quantity, a bundle's shipping)
  | CheckoutFailureReason
  // an order past MAX_ORDER_AMOUNT (services/checkout/price-shipments.ts)
  | 'order_amount_too_large'
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
  | 'favorite_not_found'
  // members: registration, login, the address book, the contact form
  | 'invalid_birth_date'
  | 'email_taken'
  | 'invalid_credentials'
  | 'address_not_found'
  | 'address_book_full'
  | 'default_address_required'
  | 'bot_check_failed'
  // the legacy site's account takeover
  | 'takeover_already_done'
  | 'takeover_account_used'
  | 'takeover_not_found'
  | 'takeover_not_linked'
  // withdrawal
  | 'withdrawal_unavailable'
  | 'invalid_password'
  | 'withdrawal_blocked'
  // checkout and reservation (quote, confirm, the Idempotency-Key)
  | 'items_not_allowed'
  | 'card_required'
  | 'card_not_allowed'
  | 'payment_declined'
  | 'adult_only'
  | 'saved_card_not_found'
  | 'out_of_stock'
  | 'not_reservable'
  | 'cart_changed'
  | 'cart_in_checkout'
  | 'checkout_in_progress'
  | 'invalid_card'
  | 'not_a_reservation'
  | 'time_slot_not_available'
  // saved cards
  | 'card_declined'
  | 'invalid_card_token'
  | 'payment_unavailable'
  | 'card_limit_reached'
  | 'card_registration_conflict'
  | 'card_not_found'
  // the operator's mail outbox
  | 'notification_not_found'
  | 'notification_not_dead'
  // 再入荷のお知らせ requests and the postponement mail's cancellation link
  | 'restock_in_stock'
  | 'restock_request_limit'
  | 'cancel_link_invalid'
  // the mailed account links: password reset and e-mail change
  | 'reset_link_invalid'
  | 'email_change_link_invalid'
  | 'email_unchanged'
  // the member's mail settings
  | 'notification_essential'
  // the contact form's bot check service did not answer
  | 'bot_check_unavailable'
  // 価格未定 reservations and the operator's price decision
  | 'price_decided'
  | 'saved_card_required'
  | 'price_already_decided'
  | 'not_undecided'
  | 'price_pending'
  | 'order_price_pending'
  // the back office's content (src/admin/content*.ts)
  | 'slug_taken'
  | 'invalid_window'
  | 'news_not_found'
  | 'showcase_not_found'
  | 'gallery_entry_not_found'
  | 'author_not_found'
  | 'contact_not_found'
  // the back office's members (src/admin/members.ts)
  | 'member_not_found'
  | 'member_withdrawn'
  | 'points_insufficient'
  | 'points_balance_limit'
  // the back office's staff accounts, two-factor login, first owner and API tokens
  | 'totp_code_required'
  | 'totp_invalid'
  | 'totp_already_enabled'
  | 'totp_not_started'
  | 'setup_done'
  | 'setup_token_invalid'
  | 'staff_email_taken'
  | 'staff_not_found'
  | 'last_owner'
  | 'staff_account_required'
  | 'api_token_not_found'
  | 'api_token_revoked'
  | 'api_token_role_too_high'
  // the back office's catalog (admin/catalog*.ts)
  | 'invalid_product'
  | 'product_code_taken'
  | 'variation_name_taken'
  | 'release_date_has_orders'
  | 'benefit_not_found'
  | 'benefit_below_claimed'
  | 'price_pending_orders'
  | 'invalid_csv'
  | 'csv_too_many_rows'
  | 'invalid_cover'
  | 'cover_type_unsupported';

/**
 * A service's refusal: its reason, the Japanese message a shopper reads and, where the reason
 * has parts (the orders that keep a member from leaving), each of them. Thrown out of the
 * service (or carried by a Rollback out of its transaction) and rendered by the app's onError.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: RefusalCode,
    messageJa: string,
    readonly details?: ErrorDetail[],
  ) {
    super(messageJa);
    this.name = 'ServiceError';
  }
}
