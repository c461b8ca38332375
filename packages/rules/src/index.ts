// The public API of @shop/rules. Explicit named re-exports only (no `export *`), so a bundler
// keeps just the rules a frontend imports. Each area keeps to its own section.

// ── dates and amounts (every area) ──
export { INVALID_DATE_MESSAGE, NON_INTEGER_YEN_MESSAGE } from './_lib/assert';
export type { DateInput } from './_lib/jst';
// ── calendar ──
export { formatJstDate } from './calendar/formatJstDate';
export { formatRelativeJa } from './calendar/formatRelativeJa';
export type { ReleaseDateInput } from './calendar/formatReleaseDate';
export { formatReleaseDate } from './calendar/formatReleaseDate';
export { formatCount, formatYen } from './calendar/formatYen';
export { formatYenTaxIncluded } from './calendar/formatYenTaxIncluded';
export { isRecent, RECENT_WINDOW_MS } from './calendar/isRecent';
export { isReleased } from './calendar/isReleased';
export { jstToday } from './calendar/jstToday';
export type { Release } from './calendar/latestRelease';
export { latestRelease } from './calendar/latestRelease';
export type { MonthPart } from './calendar/monthPart';
export { MONTH_PARTS, monthPart } from './calendar/monthPart';
export type { MonthPartLabel } from './calendar/monthPartLabel';
export { MONTH_PART_LABELS, monthPartLabel } from './calendar/monthPartLabel';
export type { DayWindow, RankingWindow } from './calendar/rankingWindow';
export {
  RANKING_WINDOW_DAYS,
  rankingWindow,
  UNKNOWN_RANKING_TYPE_MESSAGE,
} from './calendar/rankingWindow';
export type { ReleaseDatePrecision } from './calendar/releaseDatePrecision';
export {
  RELEASE_DATE_PRECISION_LABELS,
  RELEASE_DATE_PRECISIONS,
} from './calendar/releaseDatePrecision';
export { releaseSpanStart } from './calendar/releaseSpanStart';
export { saleWindow, UNKNOWN_SALE_TERM_MESSAGE } from './calendar/saleWindow';
// ── catalog ──
export { activeBenefits } from './catalog/activeBenefits';
export { ean13CheckDigit } from './catalog/ean13CheckDigit';
export type { BenefitActivityInput } from './catalog/isBenefitActive';
export { isBenefitActive } from './catalog/isBenefitActive';
export { isDisabled } from './catalog/isDisabled';
export type { PriceUndecidedInput } from './catalog/isPriceUndecided';
export { isPriceUndecided } from './catalog/isPriceUndecided';
export type { ProductReservationInput } from './catalog/productReservationLabel';
export { productReservationLabel } from './catalog/productReservationLabel';
export type { ReservationTypeLabel } from './catalog/reservationTypeLabel';
export { RESERVATION_TYPE_LABELS, reservationTypeLabel } from './catalog/reservationTypeLabel';
export type { StockLabel, StockLabelInput } from './catalog/stockLabel';
export { STOCK_LABELS, stockLabel } from './catalog/stockLabel';
// ── checkout ──
export type { BundleShippingResult } from './checkout/bundleShippingSaving';
export { bundleShippingSaving } from './checkout/bundleShippingSaving';
export type { CardBrand } from './checkout/cardNumber';
export {
  CARD_BRANDS,
  cardBrand,
  isCardNumber,
  isLuhnValid,
  normalizeCardNumber,
  normalizeDigits,
} from './checkout/cardNumber';
export type { CarrierName } from './checkout/carriers';
export { CARRIER_NAMES, CARRIERS, isCarrier } from './checkout/carriers';
export type {
  BundleFailureReason,
  CheckoutFailureReason,
  PaymentUnavailableReason,
  QuoteFailureReason,
  ShippingUnavailableReason,
} from './checkout/checkoutFailures';
export { CHECKOUT_FAILURE_MESSAGES, MAX_LINE_QUANTITY } from './checkout/checkoutFailures';
export type { DeliveryTimeSlot } from './checkout/deliveryTimeSlots';
export { DELIVERY_TIME_SLOTS } from './checkout/deliveryTimeSlots';
export {
  formatPointChange,
  formatPoints,
  NON_INTEGER_POINTS_MESSAGE,
} from './checkout/formatPoints';
export { groupShipments } from './checkout/groupShipments';
export {
  CONSUMPTION_TAX_PERCENT,
  includedConsumptionTax,
} from './checkout/includedConsumptionTax';
export { initialOrderState } from './checkout/initialOrderState';
export { isPaidBeforeShipping } from './checkout/isPaidBeforeShipping';
export type { PaymentAvailability } from './checkout/isPaymentAvailable';
export { isPaymentAvailable } from './checkout/isPaymentAvailable';
export { isPaymentOverdue } from './checkout/isPaymentOverdue';
export { isPaymentReminderDue } from './checkout/isPaymentReminderDue';
export { normalizeTrackingNumber } from './checkout/normalizeTrackingNumber';
export { orderPointsLabel } from './checkout/orderPointsLabel';
export type { OrderState } from './checkout/orderStates';
export {
  isMemberCancellable,
  isOrderState,
  MEMBER_CANCELLABLE_ORDER_STATES,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  orderStateLabel,
} from './checkout/orderStates';
export { PARCEL_ITEM_SIZES, parcelFit } from './checkout/parcelFit';
export { paymentDueDate } from './checkout/paymentDueDate';
export { PAYMENT_DUE_DAYS } from './checkout/paymentDueDays';
export { paymentFee } from './checkout/paymentFee';
export { paymentMethod } from './checkout/paymentMethod';
export type {
  PaymentMethodName,
  PaymentTiming,
  ShopPaymentMethod,
} from './checkout/paymentMethods';
export { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from './checkout/paymentMethods';
export { paymentReminderDate } from './checkout/paymentReminderDate';
export { PAYMENT_REMINDER_DAYS } from './checkout/paymentReminderDays';
export type { PaymentInstructionKind, PaymentSettlement } from './checkout/paymentSettlements';
export { PAYMENT_INSTRUCTION_KINDS, PAYMENT_SETTLEMENTS } from './checkout/paymentSettlements';
export type { PointEntryKind } from './checkout/pointEntryKinds';
export { POINT_ENTRY_KIND_LABELS, POINT_ENTRY_KINDS } from './checkout/pointEntryKinds';
export type { PointExpiry, PointExpiryStage } from './checkout/pointExpiry';
export {
  nextPointExpiry,
  POINT_EXPIRY_NOTICE_DAYS,
  pointExpiryScanBound,
  pointExpiryStage,
} from './checkout/pointExpiry';
export {
  canWaitForPrice,
  PRICE_DECISION_CANCEL_DAYS,
  priceDecisionCancelDeadline,
} from './checkout/priceDecision';
export type { Quote, QuoteInput, QuoteLine, QuoteResult } from './checkout/quote';
export { quote } from './checkout/quote';
export type { ShippingFeeResult } from './checkout/shippingFee';
export { shippingFee } from './checkout/shippingFee';
export type { NextShippingFee } from './checkout/shippingFeeOutlook';
export { shippingFeeOutlook } from './checkout/shippingFeeOutlook';
export { shippingMethod } from './checkout/shippingMethod';
export type {
  ParcelLimit,
  ShippingMethodName,
  ShopShippingMethod,
} from './checkout/shippingMethods';
export { SHIPPING_METHOD_NAMES, SHIPPING_METHODS } from './checkout/shippingMethods';
export { trackingUrl } from './checkout/trackingUrl';
// ── schemas ──
export type { Benefit } from './schemas/benefit';
export { benefitSchema } from './schemas/benefit';
export type { IsoDate } from './schemas/isoDate';
export { isoDateSchema } from './schemas/isoDate';
export type { UnitPriceInput, UnitPriceResult } from './schemas/parseUnitPrice';
export {
  INVALID_UNIT_PRICE_MESSAGE,
  parseUnitPrice,
  safeParseUnitPrice,
} from './schemas/parseUnitPrice';
export type { PaymentMethod } from './schemas/paymentMethod';
export { paymentMethodSchema } from './schemas/paymentMethod';
export type { Product } from './schemas/product';
export { productSchema } from './schemas/product';
export type { ReleaseDate } from './schemas/releaseDate';
export { releaseDateSchema } from './schemas/releaseDate';
export type { KnownReservationType, ReservationType } from './schemas/reservationType';
export { KNOWN_RESERVATION_TYPES, reservationTypeSchema } from './schemas/reservationType';
export type { FeeTier, ShippingMethod } from './schemas/shippingMethod';
export { feeTierSchema, shippingMethodSchema } from './schemas/shippingMethod';
export type { UnitPrice } from './schemas/unitPrice';
export { unitPriceSchema } from './schemas/unitPrice';
export type { Variation } from './schemas/variation';
export { variationSchema } from './schemas/variation';

// ── search ──
export type { Category } from './search/categories';
export { CATEGORIES } from './search/categories';
export { categoriesUnder } from './search/categoriesUnder';
export type { CategoryTreeNode } from './search/categoryTree';
export { CATEGORY_TREE } from './search/categoryTree';
export { foldLongVowels } from './search/foldLongVowels';
export type { Genre } from './search/genres';
export { BROWSABLE_GENRES, GENRES } from './search/genres';
export type { SearchFilterProduct } from './search/matchesSearchFilter';
export { matchesSearchFilter } from './search/matchesSearchFilter';
export { matchesSearchFilters } from './search/matchesSearchFilters';
export { normalizeForSearch } from './search/normalizeForSearch';
export { parseSearchParams } from './search/parseSearchParams';
export { QUICK_SEARCHES } from './search/quickSearches';
export type { SearchableInput } from './search/searchableText';
export { searchableText } from './search/searchableText';
export type { SearchFilter } from './search/searchFilters';
export { SEARCH_FILTERS } from './search/searchFilters';
export { searchIndexTokens } from './search/searchIndexTokens';
export { searchKeys } from './search/searchKeys';
export { searchMatchWords } from './search/searchMatchWords';
export { INVALID_NGRAM_LENGTH_MESSAGE, searchNgrams } from './search/searchNgrams';
export type { SearchQuery } from './search/searchQuery';
export { MAX_QUERY_LENGTH, MAX_SEARCH_PAGE } from './search/searchQuery';
export { searchQueryTokens } from './search/searchQueryTokens';
export type { SearchSort } from './search/sortOptions';
export { DEFAULT_SORT, SORT_OPTIONS } from './search/sortOptions';
export { toSearchParams } from './search/toSearchParams';

// ── navigation ──

export type { AddressSources, IpCheckResult, IpFilterConfig } from './navigation/checkIpAddress';
export { checkIpAddress } from './navigation/checkIpAddress';
export type { ErrorScreen, ErrorScreenInput } from './navigation/errorScreen';
export { errorScreen, SERVER_ERROR_HINT } from './navigation/errorScreen';
export type {
  NavigationDecision,
  NavigationRequest,
  RedirectRule,
} from './navigation/guardNavigation';
export { guardNavigation } from './navigation/guardNavigation';
export type { HeaderMenuLink } from './navigation/headerMenu';
export { HEADER_MENU } from './navigation/headerMenu';
export { isCrawler } from './navigation/isCrawler';
export { matchRoute } from './navigation/matchRoute';
export { notFoundMessage } from './navigation/notFoundMessage';
export type {
  FavoriteContentType,
  LabelledValue,
  ProductListType,
  RankingType,
  SaleTerm,
} from './navigation/routeParams';
export {
  FAVORITE_CONTENT_TYPES,
  PRODUCT_LIST_TYPES,
  RANKING_TYPES,
  SALE_TERMS,
} from './navigation/routeParams';
export { routePath } from './navigation/routePath';
export type {
  Layout,
  Route,
  RouteId,
  RouteMatch,
  RouteParamSpec,
  RouteParamSpecs,
  RouteParams,
  RouteParamsOf,
  RouteParamValue,
} from './navigation/routes';
export { ROUTES } from './navigation/routes';
export { safeReturnPath } from './navigation/safeReturnPath';
export type { LastReload } from './navigation/shouldReloadAfterChunkError';
export {
  BUILD_CHECK_INTERVAL_MS,
  RELOAD_GUARD_MS,
  shouldReloadAfterChunkError,
} from './navigation/shouldReloadAfterChunkError';
export { isValidSlug, SLUG_PATTERN } from './navigation/slug';

// ── media ──

export type { Breakpoint, ImageWidth } from './media/breakpoints';
export { BREAKPOINTS, IMAGE_DENSITIES, IMAGE_WIDTHS } from './media/breakpoints';
export type { ImageFormat } from './media/imageOptions';
export {
  DEFAULT_IMAGE_FORMAT,
  DEFAULT_IMAGE_QUALITY,
  IMAGE_ENDPOINT,
  IMAGE_FORMATS,
} from './media/imageOptions';
export { imageSrcSet } from './media/imageSrcSet';
export type { ImageOptions } from './media/imageUrl';
export {
  INVALID_IMAGE_FORMAT_MESSAGE,
  INVALID_IMAGE_QUALITY_MESSAGE,
  INVALID_IMAGE_SOURCE_MESSAGE,
  imageUrl,
} from './media/imageUrl';
export { largeThumbnailUrl, THUMBNAIL_WIDTHS } from './media/largeThumbnailUrl';
export type {
  ImageParams,
  ImageParamsError,
  ImageParamsResult,
} from './media/parseImageParams';
export { parseImageParams } from './media/parseImageParams';
export { INVALID_IMAGE_WIDTH_MESSAGE, snapImageWidth } from './media/snapImageWidth';

// ── ui ──

export { avatarInitials } from './ui/avatarInitials';
export type { AvatarSize } from './ui/avatarSizes';
export { AVATAR_SIZES, DEFAULT_AVATAR_SIZE } from './ui/avatarSizes';
export { ICON_FETCH_TIMEOUT_MS } from './ui/iconFetchTimeout';
export type { ConnectionInfo } from './ui/shouldPrefetch';
export { shouldPrefetch } from './ui/shouldPrefetch';
export type { ColorScale } from './ui/themeColors';
export { THEME_COLORS, THEME_TEXT_COLORS } from './ui/themeColors';
export type { ToastPosition } from './ui/toastDefaults';
export { TOAST_DEFAULTS } from './ui/toastDefaults';

// ── address ──

export type { AddressErrorCode } from './address/addressErrorMessage';
export {
  ADDRESS_REQUIRED_MESSAGE,
  addressErrorMessage,
  UNKNOWN_ADDRESS_FIELD_MESSAGE,
} from './address/addressErrorMessage';
export type { AddressField } from './address/addressFields';
export {
  ADDRESS_FIELD_LABELS,
  ADDRESS_FIELDS,
  ADDRESS_MAX_LENGTHS,
  EMPTY_ADDRESS,
} from './address/addressFields';
export type { ShippingAddress } from './address/addressSchema';
export { addressSchema } from './address/addressSchema';
export { formatPostalCode, INVALID_POSTAL_DIGITS_MESSAGE } from './address/formatPostalCode';
export { isPrefecture } from './address/isPrefecture';
export { normalizeKana } from './address/normalizeKana';
export { normalizePhone } from './address/normalizePhone';
export { normalizePostalCode } from './address/normalizePostalCode';
export type {
  OverseasAddress,
  OverseasAddressErrorCode,
  OverseasAddressField,
  OverseasAddressFieldError,
  OverseasAddressResult,
} from './address/overseasAddress';
export {
  OVERSEAS_ADDRESS_FIELD_LABELS,
  OVERSEAS_ADDRESS_FIELDS,
  overseasAddressErrorMessage,
  validateOverseasAddress,
} from './address/overseasAddress';
export type { OverseasCountryCode } from './address/overseasCountries';
export { OVERSEAS_COUNTRIES } from './address/overseasCountries';
export { prefectureCode } from './address/prefectureCode';
export type { Prefecture } from './address/prefectures';
export { PREFECTURE_KANA, PREFECTURES } from './address/prefectures';
export type {
  AddressFieldError,
  AddressFieldErrors,
  ShippingAddressResult,
} from './address/validateShippingAddress';
export { validateShippingAddress } from './address/validateShippingAddress';

// ── text ──

export type {
  ShopperTextOptions,
  ShopperTextRefusal,
  ShopperTextResult,
} from './text/cleanShopperText';
export { cleanShopperText, shopperTextMessage } from './text/cleanShopperText';
export { findCardNumbers } from './text/findCardNumbers';

// ── notifications ──

export {
  ACCOUNT_LINK_LIFETIME_MINUTES,
  ACCOUNT_LINK_PURPOSES,
  type AccountLinkPurpose,
  accountLinkExpiresAt,
  isAccountLinkUsable,
} from './notifications/accountLinks';
export {
  canOptOut,
  isNotificationKind,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationKindName,
} from './notifications/notificationKinds';

// ── staff (the back office) ──

export type { StaffPermission, StaffRole } from './staff/staffRoles';
export { lowerRole, roleAllows, STAFF_PERMISSIONS, STAFF_ROLES } from './staff/staffRoles';
