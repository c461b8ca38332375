import { CHECKOUT_FAILURE_MESSAGES, type CheckoutFailureReason } from '@shop/rules';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from './errors';
import type { RefusalCode, ServiceError } from './services/service-error';

/** Every checkout failure of @shop/rules is a request the shop cannot carry out as it stands. */
const CHECKOUT_FAILURE_STATUS = Object.fromEntries(
  Object.keys(CHECKOUT_FAILURE_MESSAGES).map((reason) => [reason, 422]),
) as Record<CheckoutFailureReason, 422>;

/**
 * The HTTP status of each reason a service refuses with (services/service-error.ts): the one place
 * the HTTP layer decides them. 400: well-formed input the shop cannot take (a birth date in the
 * future, a failed bot check, a card the gateway declined); 404: what was named does not exist
 * (for this member); 402: the card gateway declined the payment; 403: adult-only items for a
 * member under 18; 409: it exists but its state forbids the change; 422: the request cannot be
 * carried out as it stands; 401: who is asking could not be told (credentials, a takeover's
 * match); 502: the card gateway refused a capture; 503: the card gateway or withdrawal's orders
 * side is not there.
 */
export const REFUSAL_STATUS = {
  ...CHECKOUT_FAILURE_STATUS,
  variation_not_found: 404,
  not_available: 409,
  insufficient_stock: 409,
  too_many_lines: 422,
  not_in_cart: 404,
  order_not_found: 404,
  order_in_bundle: 409,
  order_not_cancellable: 409,
  order_not_shippable: 409,
  not_awaiting_payment: 409,
  not_released: 409,
  unpaid: 409,
  capture_failed: 502,
  product_not_found: 404,
  release_date_unchanged: 409,
  bundle_not_found: 404,
  bundle_not_shippable: 409,
  order_already_bundled: 409,
  order_not_open: 409,
  bundle_too_few_orders: 422,
  bundle_destination_mismatch: 422,
  idempotency_key_reused: 422,
  login_required: 401,
  favorite_target_not_found: 404,
  favorite_limit_reached: 409,
  favorite_not_found: 404,
  invalid_birth_date: 400,
  email_taken: 409,
  invalid_credentials: 401,
  address_not_found: 404,
  address_book_full: 409,
  default_address_required: 409,
  bot_check_failed: 400,
  takeover_already_done: 409,
  takeover_account_used: 409,
  takeover_not_found: 401,
  takeover_not_linked: 404,
  withdrawal_unavailable: 503,
  invalid_password: 401,
  withdrawal_blocked: 409,
  items_not_allowed: 400,
  card_required: 400,
  card_not_allowed: 400,
  payment_declined: 402,
  adult_only: 403,
  saved_card_not_found: 404,
  out_of_stock: 409,
  not_reservable: 409,
  cart_changed: 409,
  cart_in_checkout: 409,
  checkout_in_progress: 409,
  invalid_card: 422,
  not_a_reservation: 422,
  time_slot_not_available: 422,
  card_declined: 400,
  invalid_card_token: 400,
  payment_unavailable: 503,
  card_limit_reached: 409,
  card_registration_conflict: 409,
  card_not_found: 404,
  notification_not_found: 404,
  notification_not_dead: 409,
  restock_in_stock: 409,
  restock_request_limit: 409,
  cancel_link_invalid: 400,
  reset_link_invalid: 400,
  email_change_link_invalid: 400,
  email_unchanged: 400,
  notification_essential: 400,
  bot_check_unavailable: 503,
  price_decided: 409,
  saved_card_required: 422,
  price_already_decided: 409,
  not_undecided: 409,
  price_pending: 409,
  order_price_pending: 409,
  slug_taken: 409,
  invalid_window: 400,
  news_not_found: 404,
  showcase_not_found: 404,
  gallery_entry_not_found: 404,
  author_not_found: 404,
  contact_not_found: 404,
  member_not_found: 404,
  member_withdrawn: 409,
  points_insufficient: 409,
  totp_code_required: 401,
  totp_invalid: 400,
  totp_already_enabled: 409,
  totp_not_started: 409,
  setup_done: 409,
  setup_token_invalid: 403,
  staff_email_taken: 409,
  staff_not_found: 404,
  last_owner: 409,
  staff_account_required: 403,
  api_token_not_found: 404,
  api_token_revoked: 409,
  api_token_role_too_high: 403,
} as const satisfies Record<RefusalCode, ContentfulStatusCode>;

/** A service's refusal as the API answers it: the table's status, its code, message and details. */
export function refusalAnswer(refusal: ServiceError): ApiError {
  return new ApiError(REFUSAL_STATUS[refusal.code], refusal.code, refusal.message, refusal.details);
}
