import { formatYenTaxIncluded, ROUTES } from '@shop/rules';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { rememberSelection } from '../../features/bundle/api/bundle';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { releaseLabel } from '../../lib/release-label';
import type { BundleCandidates } from '../../types/account';
import type { PageProps } from '../route-chunks';

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

export default function BundleRoute({
  data,
  params,
}: PageProps<MemberData<{ candidates: BundleCandidates | null; refusal: string | null }>>) {
  return (
    <MemberGate title={ROUTES.bundle.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.bundle.title}>
          <p>
            複数のご注文を1つの荷物にまとめると、送料は合計金額に対して1回分になります。最後の商品の発売後にまとめて発送します。
          </p>
          {page.candidates ? (
            <Choose candidates={page.candidates} orderId={Number(params.id)} />
          ) : (
            <p className="panel form-error">{page.refusal}</p>
          )}
        </MypageFrame>
      )}
    </MemberGate>
  );
}
