import { CHECKOUT_FAILURE_MESSAGES, type CheckoutFailureReason } from '@shop/rules';
import { ServiceError } from '../service-error';

export const CHECKOUT_MESSAGES = {
  keyMissing: 'Idempotency-Key ヘッダーに UUID を指定してください。',
  keyReused: 'この Idempotency-Key は別の内容の注文に使われています。',
  inProgress: 'この注文は処理中です。しばらくしてから結果をご確認ください。',
  cartInCheckout:
    'このカートは別の画面でご注文手続き中です。しばらくしてから注文履歴をご確認ください。',
  cartChanged:
    'ご注文手続き中にカートの内容が変わりました。カートをご確認のうえ、もう一度ご注文ください。',
  itemsOnlyForReserve: '予約商品はリクエストの items でご指定ください。',
  variationNotFound: 'お探しの商品は見つかりませんでした。',
  notReleasedNotReservable: 'この商品は現在ご予約いただけません。',
  notAReservation: '発売済みの商品はご予約ではなく通常のご注文でお求めください。',
  adultOnly: '成人向け商品のご購入には、18歳以上の会員登録（生年月日）が必要です。',
  disabled: 'この商品は現在お取り扱いできません。',
  outOfStock: '在庫が不足しているため、ご注文いただけませんでした。',
  lineOutOfStock: '在庫が不足しています。数量を減らすか、カートから削除してください。',
  addressNotFound: 'お届け先が見つかりません。',
  timeSlotNotAvailable: 'この配送方法ではお届け時間帯を指定できません。',
  timeSlotNotAvailableOverseas: '海外へのお届けではお届け時間帯を指定できません。',
  cardRequired: 'クレジットカード情報を指定してください。',
  cardNotAllowed: 'このお支払い方法ではカード情報は不要です。',
  savedCardNotFound: '登録済みのクレジットカードが見つかりません。',
  declined: 'カード会社により決済が承認されませんでした。別のカードをお試しください。',
  invalidCard: 'カード情報が無効です。お手数ですが、もう一度カード情報を入力してください。',
  priceDecided:
    'ご注文手続き中に価格未定の商品の価格が決まりました。金額をご確認のうえ、もう一度ご注文ください。',
  savedCardForPricePending:
    '価格未定の商品をクレジットカードでご予約いただくには、登録済みのカードをお選びください（価格決定時にそのカードで決済します）。',
  gatewayUnavailable:
    '決済サービスに接続できませんでした。ご注文は確定していません。時間をおいて再度お試しください。',
} as const;

/**
 * The most one order may come to, in yen and in points to grant: its amounts are stored as 32-bit
 * integers (2,147,483,647 at most), and a cart at the line limits (50 lines of 99 copies at up to
 * 10,000,000 yen) went past that, so the order's insert failed with `integer out of range` (a
 * 500). 20 orders of this much still fit a bundle's sums.
 */
export const MAX_ORDER_AMOUNT = 100_000_000;

/** Why shipments cannot be priced: a rules failure, or an order past MAX_ORDER_AMOUNT. */
export type PricingFailureReason = CheckoutFailureReason | 'order_amount_too_large';

export const PRICING_FAILURE_MESSAGES: Readonly<Record<PricingFailureReason, string>> = {
  ...CHECKOUT_FAILURE_MESSAGES,
  order_amount_too_large: `1回のご注文（お届け1件）の金額は${MAX_ORDER_AMOUNT.toLocaleString('ja-JP')}円までです。数量を減らしてください。`,
};

export function failure(reason: PricingFailureReason): ServiceError {
  return new ServiceError(reason, PRICING_FAILURE_MESSAGES[reason]);
}
