import { type PaymentMethodName, paymentMethod } from '@shop/rules';

/**
 * The attention note of each payment method that has one (`hasAttention` in @shop/rules
 * PAYMENT_METHODS, docs/rules.md); `null` for a method without one. A test checks the notes
 * exist exactly for the methods the rules flag.
 */
export const PAYMENT_ATTENTIONS: Record<PaymentMethodName, string | null> = {
  credit_card:
    'ご本人名義のカードをご利用ください。ご注文確定時に利用枠を確保し、発送時に決済を確定します（予約商品は発売日の発送時）。',
  bank_transfer: null,
  yucho: null,
  cash_on_delivery: null,
  full_points:
    'お支払い金額の全額を保有ポイントでお支払いいただきます。ポイントが足りない場合はお選びいただけません。',
};

/** The attention note under a payment choice, for the methods the rules flag. */
export function PaymentAttention({ method }: { method: PaymentMethodName }) {
  const note = paymentMethod(method)?.hasAttention ? PAYMENT_ATTENTIONS[method] : null;
  return note ? <span className="choice-attention">{note}</span> : null;
}
