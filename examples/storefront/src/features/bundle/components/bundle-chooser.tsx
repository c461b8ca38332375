import { formatYenTaxIncluded, ROUTES } from '@shop/rules';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { releaseLabel } from '../../../lib/release-label';
import type { BundleCandidates } from '../../../types/account';
import { rememberSelection } from '../api/bundle';

function Choose({ candidates, orderId }: { candidates: BundleCandidates; orderId: number }) {
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState(() => new Set(candidates.orders.map((o) => o.id)));
  if (candidates.orders.length < 2) {
    return <p className="panel">ご注文番号 {orderId} とおまとめできるご注文はありません。</p>;
  }
  const toggle = (id: number) =>
    setChosen((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <form
      className="panel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        rememberSelection([...chosen].sort((a, b) => a - b));
        navigate(ROUTES.bundleConfirm.path());
      }}
    >
      <fieldset className="choice-list">
        <legend>おまとめするご注文を選ぶ（同じお届け先・配送方法のご注文）</legend>
        {candidates.orders.map((order) => (
          <label key={order.id} className="choice">
            <input
              type="checkbox"
              checked={chosen.has(order.id)}
              onChange={() => toggle(order.id)}
            />
            <span>
              ご注文番号 {order.id} ・ 商品小計 {formatYenTaxIncluded(order.subtotal)} ・ 送料{' '}
              {formatYenTaxIncluded(order.shippingFee)}
              {` ・ ${releaseLabel(order) ?? '発売済み'}`}
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={chosen.size < 2}>
        確認画面へ
      </button>
    </form>
  );
}

export interface BundleChoice {
  candidates: BundleCandidates | null;
  /** The API's reason why the order cannot be bundled. */
  refusal: string | null;
}

/** おまとめ配送's first step: the orders of the chosen order's group to ship together. */
export function BundleChooser({ page, orderId }: { page: BundleChoice; orderId: number }) {
  return (
    <>
      <p>
        複数のご注文を1つの荷物にまとめると、送料は合計金額に対して1回分になります。最後の商品の発売後にまとめて発送します。
      </p>
      {page.candidates ? (
        <Choose candidates={page.candidates} orderId={orderId} />
      ) : (
        <p className="panel form-error">{page.refusal}</p>
      )}
    </>
  );
}
