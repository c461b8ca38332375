/**
 * Why a shipping method cannot be used: not abroad, or the shipment does not fit its parcel
 * (`parcelFit`).
 *
 * @example
 * const reason: ShippingUnavailableReason = 'shipping_not_available_overseas';
 */
export type ShippingUnavailableReason = 'shipping_not_available_overseas' | 'parcel_too_large';

/**
 * Why a payment method cannot be used with a shipment (`isPaymentAvailable`).
 *
 * @example
 * const reason: PaymentUnavailableReason = 'payment_not_available_for_bundle';
 */
export type PaymentUnavailableReason =
  | ShippingUnavailableReason
  | 'payment_not_available_overseas'
  | 'payment_not_available_for_economical_shipping'
  | 'payment_not_available_for_bundle';

/**
 * Why an order cannot be quoted (`quote`).
 *
 * @example
 * const reason: QuoteFailureReason = 'not_enough_points';
 */
export type QuoteFailureReason =
  | 'empty_cart'
  | 'invalid_quantity'
  | 'invalid_unit_price'
  | 'price_undecided'
  | 'invalid_point_value'
  | 'unknown_shipping_method'
  | 'unknown_payment_method'
  | PaymentUnavailableReason
  | 'invalid_points'
  | 'not_enough_points'
  | 'points_exceed_amount_due'
  | 'points_cover_total';

/**
 * Why a bundle's shipping cannot be computed (`bundleShippingSaving`).
 *
 * @example
 * const reason: BundleFailureReason = 'empty_bundle';
 */
export type BundleFailureReason = ShippingUnavailableReason | 'empty_bundle';

/**
 * Every checkout failure code.
 *
 * @example
 * const message = CHECKOUT_FAILURE_MESSAGES['price_undecided' satisfies CheckoutFailureReason];
 */
export type CheckoutFailureReason =
  | QuoteFailureReason
  | BundleFailureReason
  // A 価格未定 item with a method that cannot wait for its amount (`canWaitForPrice`).
  | 'payment_cannot_wait_for_price';

/**
 * The most units of one item a single order line may hold.
 *
 * @example
 * MAX_LINE_QUANTITY; // 99
 */
export const MAX_LINE_QUANTITY = 99;

/**
 * The Japanese message a shopper sees for each checkout failure code, for UIs and API error
 * bodies (which carry the code beside it).
 *
 * @example
 * CHECKOUT_FAILURE_MESSAGES.not_enough_points; // 'ポイント残高が不足しています。'
 */
export const CHECKOUT_FAILURE_MESSAGES: Readonly<Record<CheckoutFailureReason, string>> = {
  empty_cart: 'カートに商品がありません。',
  invalid_quantity: `数量は1から${MAX_LINE_QUANTITY}までの整数でご指定ください。`,
  invalid_unit_price: '商品の価格を読み取れませんでした。時間をおいて再度お試しください。',
  price_undecided: '価格未定の商品が含まれているため、ご注文いただけません。',
  invalid_point_value: '商品の付与ポイントを読み取れませんでした。時間をおいて再度お試しください。',
  unknown_shipping_method: '配送方法をお選びください。',
  unknown_payment_method: 'お支払い方法をお選びください。',
  shipping_not_available_overseas: 'この配送方法は海外へのお届けに対応していません。',
  parcel_too_large:
    'ゆうパケットは厚さ3cm・重さ1kgまでのお届けです。この内容（冊数）では宅配便をお選びください。',
  payment_not_available_overseas: 'このお支払い方法は海外へのお届けではご利用いただけません。',
  payment_not_available_for_economical_shipping:
    'このお支払い方法はゆうパケットなどの配送方法ではご利用いただけません。',
  payment_not_available_for_bundle: 'このお支払い方法はおまとめ配送ではご利用いただけません。',
  invalid_points: 'ご利用ポイントは0以上の整数でご指定ください。',
  not_enough_points: 'ポイント残高が不足しています。',
  points_exceed_amount_due: 'ご利用ポイントがお支払い金額を超えています。',
  points_cover_total:
    'お支払い金額の全額をポイントでお支払いの場合は「全額ポイント利用」をお選びください。',
  payment_cannot_wait_for_price:
    '価格未定の商品は「全額ポイント利用」ではご注文いただけません。クレジットカード・銀行振込・代金引換などをお選びください。',
  empty_bundle: 'おまとめする注文をお選びください。',
};
