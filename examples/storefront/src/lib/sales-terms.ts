import { PAYMENT_DUE_DAYS, type PaymentMethodName, POINT_EXPIRY_NOTICE_DAYS } from '@shop/rules';

// The shop's terms of sale in its own words, as 特定商取引法 wants them stated: payment time,
// delivery time, cancellation and returns. The legal notice (/lp/legal) and the checkout's
// confirmation step both print these (the terms, /lp/terms, print DELIVERY_RESERVATION), so they
// can never say different things. Fees, methods, availability and the transfer due days come from
// @shop/rules and the API's quote.

/** Working days within which an order of items in stock ships. */
const IN_STOCK_SHIPPING_DAYS = 3;

/** Days after arrival within which a damaged or wrong item can be reported. */
const DEFECT_REPORT_DAYS = 7;

/** What happens to a transfer order unpaid by its due date (docs/lifecycle.md). */
const OVERDUE = '期日までにご入金が確認できない場合、ご注文は自動的にキャンセルとなります。';

/** When each payment method is paid. */
export const PAYMENT_TIMING: Record<PaymentMethodName, string> = {
  credit_card:
    'ご注文確定時にカードの与信（利用枠の確保）を行い、商品の発送時に決済を確定します。予約商品は発売日の発送時に確定します。',
  bank_transfer: `ご注文完了画面・注文履歴・メールでご案内するお客様専用の振込口座へ、ご注文から${PAYMENT_DUE_DAYS}日以内（予約商品は発売日から${PAYMENT_DUE_DAYS}日以内。いずれも表示の期日まで）にお振込みください。${OVERDUE}入金確認後に発送します。振込手数料はお客様のご負担です。`,
  yucho: `ご注文完了画面・注文履歴・メールでご案内するゆうちょ銀行の口座へ、ご注文から${PAYMENT_DUE_DAYS}日以内（予約商品は発売日から${PAYMENT_DUE_DAYS}日以内。いずれも表示の期日まで）にお振込みください。${OVERDUE}入金確認後に発送します。`,
  cash_on_delivery: '商品のお届け時に、配送業者へ現金でお支払いください。',
  full_points: 'ご注文確定時に、お支払い金額の全額をポイントから差し引きます。',
};

/** When an order of items in stock ships. */
export const DELIVERY_NOW = `ご注文確定後（前払いの場合は入金確認後）、${IN_STOCK_SHIPPING_DAYS}営業日以内に発送します。`;

/** When a reservation ships. */
export const DELIVERY_RESERVATION =
  '発売日に発送します。発売日が延期された場合は、延期後の発売日に発送します。';

/** Returns and exchanges. */
export const RETURNS = `お客様のご都合による返品・交換はお受けしておりません。商品の破損・乱丁・落丁、ご注文と異なる商品が届いた場合は、商品到着後${DEFECT_REPORT_DAYS}日以内にご連絡ください。送料当店負担で交換いたします。`;

/** What the confirmation step lists under キャンセル・返品について. */
export const CANCELLATION_TERMS = [
  '予約中・入金待ちのご注文は、マイページの注文履歴からキャンセルできます。',
  '発送準備に入ったご注文と、おまとめ配送にしたご注文は、キャンセル・変更できません。',
  RETURNS,
  'キャンセルされたご注文でご利用のポイントはお戻しします。',
] as const;

/**
 * How long points last (@shop/rules nextPointExpiry, docs/account-mail.md): the terms (第5条) and
 * the shopping guide both print it.
 */
export const POINT_VALIDITY = `ポイントの有効期限は、最後にポイントを獲得またはご利用になった日から1年後の同じ日までです。期限までにポイントを獲得またはご利用いただくと、お持ちのすべてのポイントの有効期限がその日から1年後に延びます。期限を過ぎると、お持ちのすべてのポイントが失効します。失効の${POINT_EXPIRY_NOTICE_DAYS}日前にメールでお知らせします。`;
