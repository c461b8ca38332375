import { formatPoints, formatYenTaxIncluded, orderPointsLabel, ROUTES } from '@shop/rules';
import { useEffect, useState } from 'react';
import { PaymentInstructionsTable } from '../../components/payment-instructions';
import { ShopLink } from '../../components/shop-link';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { readCheckoutResult } from '../../lib/checkout-result';
import { releaseLabel } from '../../lib/release-label';
import type { ConfirmResult } from '../../types/account';
import type { PageProps } from '../route-chunks';

/** What the loader answers a member: who is logged in (null if the session ended meanwhile). */
interface CompleteData {
  memberId: number | null;
}

function Complete({ memberId }: CompleteData) {
  const [result, setResult] = useState<ConfirmResult | null>(null);
  // sessionStorage exists in the browser only: the server renders the page without the orders.
  useEffect(() => setResult(memberId === null ? null : readCheckoutResult(memberId)), [memberId]);
  return (
    <>
      <h1 className="page-title">{ROUTES.checkoutComplete.title}</h1>
      <div className="panel">
        <p>ご注文ありがとうございます。ご注文を承りました。</p>
        {result ? (
          <ul className="line-list">
            {result.orders.map((order) => (
              <li key={order.id}>
                <div className="line-main">
                  <strong>ご注文番号 {order.id}</strong>
                  {order.isReservation && order.releaseDate
                    ? `（予約: ${releaseLabel(order)}）`
                    : '（在庫商品）'}
                  <br />
                  お支払い金額 {formatYenTaxIncluded(order.total)} ・{' '}
                  {orderPointsLabel(order.state)} {formatPoints(order.pointsToGrant)}
                  {order.paymentInstructions ? (
                    <PaymentInstructionsTable info={order.paymentInstructions} />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>ご注文の内容は注文履歴でご確認いただけます。</p>
        )}
        <div className="modal-actions">
          <ShopLink href={ROUTES.orderHistory.path()} className="button button-primary">
            注文履歴を見る
          </ShopLink>
          <ShopLink href={ROUTES.top.path()} className="button button-outline">
            トップページへ戻る
          </ShopLink>
        </div>
      </div>
    </>
  );
}

export default function CheckoutCompleteRoute({ data }: PageProps<MemberData<CompleteData>>) {
  return (
    <MemberGate title={ROUTES.checkoutComplete.title} data={data}>
      {(page) => <Complete memberId={page.memberId} />}
    </MemberGate>
  );
}
