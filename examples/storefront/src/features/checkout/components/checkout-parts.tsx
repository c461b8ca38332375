import {
  formatPointChange,
  formatPoints,
  formatYenTaxIncluded,
  type PaymentMethodName,
  paymentMethod,
} from '@shop/rules';
import type { CheckoutQuote } from '../../../types/account';

// What both steps of /checkout show: the step list, the totals and an address on one line.

export const yen = formatYenTaxIncluded;

export type Step = 'input' | 'confirm';

/** What the input step asks for with a payment method: a card to charge, points to spend. */
export function paymentInputs(payment: PaymentMethodName): { card: boolean; points: boolean } {
  const { settlement } = paymentMethod(payment);
  switch (settlement) {
    case 'card':
      return { card: true, points: true };
    case 'transfer':
    case 'on_delivery':
      return { card: false, points: true };
    case 'points':
      // The points pay the whole amount: there is nothing left to spend others on.
      return { card: false, points: false };
    default:
      return settlement satisfies never;
  }
}

export function Steps({ step }: { step: Step }) {
  return (
    <ol className="steps" aria-label="ご注文の手順">
      <li>カート</li>
      <li aria-current={step === 'input' ? 'step' : undefined}>お届け・お支払い</li>
      <li aria-current={step === 'confirm' ? 'step' : undefined}>ご注文内容の確認</li>
      <li>完了</li>
    </ol>
  );
}

type Charges = Pick<
  NonNullable<CheckoutQuote['totals']>,
  'shippingFee' | 'paymentFee' | 'pointsUsed' | 'total'
>;

/**
 * The rows of a summary table from 送料 to the amount to pay (`totalLabel`): the checkout's
 * totals show ポイント利用 even at 0pt (`always`), each order of the confirmation only when it
 * spends points (`when-used`).
 */
export function ChargeRows({
  amounts,
  totalLabel,
  pointsRow,
}: {
  amounts: Charges;
  totalLabel: string;
  pointsRow: 'always' | 'when-used';
}) {
  return (
    <>
      <tr>
        <th scope="row">送料</th>
        <td>{yen(amounts.shippingFee)}</td>
      </tr>
      <tr>
        <th scope="row">手数料</th>
        <td>{yen(amounts.paymentFee)}</td>
      </tr>
      {pointsRow === 'always' || amounts.pointsUsed > 0 ? (
        <tr>
          <th scope="row">ポイント利用</th>
          <td>{formatPointChange(-amounts.pointsUsed)}</td>
        </tr>
      ) : null}
      <tr className="total">
        <th scope="row">{totalLabel}</th>
        <td>{yen(amounts.total)}</td>
      </tr>
    </>
  );
}

/**
 * The amounts of the checkout. With a 価格未定 shipment they are those of the others, and say so;
 * a quote that cannot price the choice shows why instead of waiting forever.
 */
export function Totals({ quote }: { quote: CheckoutQuote | null }) {
  if (quote === null) return <p className="muted">金額を計算しています…</p>;
  const { totals } = quote;
  if (!totals) {
    return (
      <p className="form-error" role="alert">
        {quote.problem?.message ?? 'お支払い金額を計算できませんでした。'}
      </p>
    );
  }
  return (
    <table className="summary-table">
      {quote.pricePending ? (
        <caption>
          価格未定の商品を除く金額です。価格未定の商品は価格決定後にお知らせします。
        </caption>
      ) : null}
      <tbody>
        <tr>
          <th scope="row">商品小計</th>
          <td>{yen(totals.subtotal)}</td>
        </tr>
        <ChargeRows amounts={totals} totalLabel="お支払い金額" pointsRow="always" />
        <tr>
          <th scope="row">獲得予定ポイント</th>
          <td>{formatPoints(totals.pointsEarned)}</td>
        </tr>
      </tbody>
    </table>
  );
}
