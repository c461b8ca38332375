import { formatPointChange, formatPoints } from '@shop/rules';
import type { CheckoutQuote } from '../../../types/account';
import { yen } from './checkout-parts';

// The amounts both steps of /checkout show. The input step only displays them (the server renders
// them; their code loads beside the page's and hydrates when it arrives).

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
