import type { PaymentMethodName } from '@shop/rules';

// The shop's own wording for the confirmation screen (特定商取引法: payment time and method,
// delivery time, cancellation); fees and availability come from @shop/rules and the API's quote.

export const PAYMENT_TIMING: Record<PaymentMethodName, string> = {
  credit_card:
    'ご注文確定時にカードの与信（利用枠の確保）を行い、商品の発送時に決済を確定します。予約商品は発売日の発送時に確定します。',
  bank_transfer:
    'ご注文完了画面に表示するお客様専用の振込口座へ、表示の期日までにお振込みください。入金確認後に発送します。振込手数料はお客様のご負担です。',
  yucho:
    'ご注文完了画面に表示するゆうちょ銀行の口座へ、表示の期日までにお振込みください。入金確認後に発送します。',
  cash_on_delivery: '商品のお届け時に、配送業者へ現金でお支払いください。',
  full_points: 'ご注文確定時に、お支払い金額の全額をポイントから差し引きます。',
};

export const DELIVERY_NOW =
  'ご注文確定後（前払いの場合は入金確認後）、通常2〜4営業日以内に発送します。';

export const DELIVERY_RESERVATION =
  '発売日に発送します。発売日が延期された場合は、延期後の発売日に発送します。';

export const CANCELLATION_TERMS = [
  '予約中・入金待ちのご注文は、マイページの注文履歴からキャンセルできます。',
  '発送準備に入ったご注文は、キャンセル・変更できません。',
  'お客様のご都合による返品・交換はお受けしておりません。不良品・誤配送の場合は商品到着後8日以内にご連絡ください。',
  'キャンセルされたご注文でご利用のポイントはお戻しします。',
] as const;
