// The wire shapes @shop/api answers with, for clients written in TypeScript (the storefront and
// the back office, for /api/admin/'s answers, import them type-only, so nothing of the API
// reaches a browser bundle). Import from `@shop/api/types`; the files behind these names are
// internal and may move.
export type { VariationWrite } from './admin/catalog';
export type {
  AdminProduct,
  AdminProductRow,
  ImportAnswer,
  ProductFields,
} from './admin/catalog-schemas';
export type { ListPage } from './admin/list-page';
export type {
  AdminPointEntry,
  MemberDetail,
  MemberLocks,
  MemberSummary,
} from './admin/members-schemas';
export type { AdminOrderDetail, OrderListRow } from './admin/order-queries';
export type { BulkResult } from './admin/orders';
export type { ReservationSummaryRow } from './admin/reservations';
export type {
  ProductCard,
  ProductDetail,
  ProductPage,
  Ranking,
  SearchPage,
  SearchSuggestions,
} from './schemas/catalog';
export type {
  AuthorDetail,
  GalleryDetail,
  GallerySummary,
  Homedata,
  NewsDetail,
  NewsSummary,
  SeriesDetail,
  ShowcaseDetail,
  ShowcaseSummary,
} from './schemas/content';
export type { ShippingAddressView } from './services/addresses';
export type {
  BundleableOrder,
  BundleCandidates,
  BundlePreview,
  BundleView,
} from './services/bundles';
export type { SavedCardView } from './services/cards';
export type { Cart, CartLine } from './services/cart';
export type { ConfirmResult } from './services/checkout/confirm-result';
export type { PaymentInstructions } from './services/checkout/instructions';
export type { ShipmentQuote } from './services/checkout/price-shipments';
export type { CheckoutQuote, MethodOption } from './services/checkout/quote';
export type { FavoriteView } from './services/favorites';
export type { WithdrawalBlocker } from './services/member-orders';
export type { MemberView } from './services/members';
export type { OrderView } from './services/orders';
export type { PointEntry } from './services/points';
export type { PostponedReservation } from './services/postponement-cancel';
export type { PriceDecision } from './services/price-decision';
export type { SessionSummary } from './services/session-summary';
export type { LegacyOrderView, TakeoverStatus } from './services/takeover';
export type { WithdrawalCheck } from './services/withdrawal';
export type { AuditLogEntry } from './staff/schemas';
