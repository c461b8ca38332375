// Response types of the account, cart and order endpoints, taken from the API's own service
// types (type-only: nothing of the API reaches the browser bundle).
export type {
  BundleableOrder,
  BundleCandidates,
  BundlePreview,
  BundleView,
  Cart,
  CartLine,
  CheckoutQuote,
  ConfirmResult,
  FavoriteView,
  LegacyOrderView,
  MemberView,
  MethodOption,
  OrderView,
  PaymentInstructions,
  PointEntry,
  PostponedReservation,
  SavedCardView as SavedCard,
  SessionSummary,
  ShipmentQuote,
  ShippingAddressView as ShippingAddress,
  TakeoverStatus,
  WithdrawalBlocker,
  WithdrawalCheck,
} from '@shop/api/types';

/**
 * What the cart modal says about the item just added; a buy button (the product page's purchase
 * box) describes it, the cart feature adds it.
 */
export interface AddedItem {
  title: string;
  variationName: string;
  quantity: number;
  /** 'reserve' for an unreleased item (the modal says it is a reservation). */
  kind: 'cart' | 'reserve';
  coverImage?: string;
}
