// Response types of the account, cart and order endpoints, taken from the API's own service
// types (type-only: nothing of the API reaches the browser bundle).
export type { ShippingAddressView as ShippingAddress } from '@shop/api/src/services/addresses';
export type {
  BundleableOrder,
  BundleCandidates,
  BundlePreview,
  BundleView,
} from '@shop/api/src/services/bundles';
export type { SavedCardView as SavedCard } from '@shop/api/src/services/cards';
export type { Cart, CartLine } from '@shop/api/src/services/cart';
export type {
  CheckoutQuote,
  ConfirmResult,
  MethodOption,
  PaymentInstructions,
  ShipmentQuote,
} from '@shop/api/src/services/checkout';
export type { FavoriteView } from '@shop/api/src/services/favorites';
export type { MemberView } from '@shop/api/src/services/members';
export type { OrderView } from '@shop/api/src/services/orders';
export type { PointEntry } from '@shop/api/src/services/points';
export type { SessionSummary } from '@shop/api/src/services/session-summary';
export type { LegacyOrderView, TakeoverStatus } from '@shop/api/src/services/takeover';
export type { WithdrawalBlocker, WithdrawalCheck } from '@shop/api/src/services/withdrawal';
