import {
  CARRIERS,
  formatJstDate,
  formatPoints,
  formatYenTaxIncluded,
  isMemberCancellable,
  orderPointsLabel,
  orderStateLabel,
  PAYMENT_METHODS,
  ROUTES,
  SHIPPING_METHODS,
} from '@shop/rules';
import { useState } from 'react';
import { PaymentInstructionsTable } from '../../../components/payment-instructions';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-errors';
import { releaseLabel } from '../../../lib/release-label';
import { refreshSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';
import type { OrderView } from '../../../types/account';
import { cancelOrder } from '../api/orders';

/**
 * One order: state, release, items, amounts, where and by when to pay while its transfer is
 * awaited, the parcel's carrier and tracking link once shipped, cancellation while the API allows
 * it, and the way to おまとめ配送 when the API lists the order with others it can ship with.
 */
export function OrderCard({
  order: initial,
  cancellable = true,
  bundleGroups = [],
}: {
  order: OrderView;
  cancellable?: boolean;
  /**
   * The groups of GET /api/reserveshop/bundle/ (open orders with the same destination): the card
   * offers おまとめ配送 when its order is in one.
   */
  bundleGroups?: readonly (readonly number[])[];
}) {
  const toast = useToast();
  const [order, setOrder] = useState(initial);
  const [busy, setBusy] = useState(false);
  // The server renders the card before its chunk arrives (order-card-lazy.tsx): until it has
  // hydrated, a click on cancel would do nothing, so the button shows itself disabled.
  const hydrated = useHydrated();
  const canCancel = cancellable && isMemberCancellable(order.state);
  const canBundle =
    order.state !== 'cancelled' && bundleGroups.some((ids) => ids.includes(order.id));

  const onCancel = async () => {
    if (!window.confirm(`ご注文番号 ${order.id} をキャンセルします。よろしいですか？`)) return;
    setBusy(true);
    // The points this order used are what the cancellation gives back; none used, none to tell.
    const returned = order.pointsUsed;
    try {
      setOrder(await cancelOrder(order.id));
      refreshSession().catch(() => undefined);
      toast({
        tone: 'success',
        title: `ご注文番号 ${order.id} をキャンセルしました`,
        ...(returned > 0
          ? { description: `ご利用の${formatPoints(returned)}はポイント残高にお戻ししました。` }
          : {}),
      });
    } catch (error) {
      toast({
        tone: 'error',
        title: 'キャンセルできませんでした',
        description: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="panel order-card" aria-labelledby={`order-${order.id}`}>
      <div className="order-head">
        <h3 id={`order-${order.id}`}>ご注文番号 {order.id}</h3>
        <span className={`state-badge state-${order.state}`}>{orderStateLabel(order.state)}</span>
        {order.pricePending ? <span className="state-badge price-pending">価格未定</span> : null}
      </div>
      <p className="muted">
        ご注文日 {formatJstDate(order.placedAt)}
        {order.isReservation && order.releaseDate ? ` ・ 予約: ${releaseLabel(order)}` : ''}
        {' ・ '}
        {SHIPPING_METHODS.find((m) => m.typeName === order.shippingMethod)?.verboseName}
        {' ・ '}
        {PAYMENT_METHODS.find((m) => m.typeName === order.paymentMethod)?.verboseName}
        {order.bundleId ? ` ・ おまとめ配送 ${order.bundleId}` : ''}
      </p>
      <ul>
        {order.items.map((item) => (
          <li key={item.variationId}>
            {item.title}（{item.variationName}）{' '}
            {item.unitPrice === null ? '価格未定' : formatYenTaxIncluded(item.unitPrice)} ×{' '}
            {item.quantity}
          </li>
        ))}
      </ul>
      {order.pricePending ? (
        <p>
          お支払い金額 <strong>価格未定</strong>（価格決定後にお知らせします）
        </p>
      ) : (
        <p>
          お支払い金額 <strong>{formatYenTaxIncluded(order.amountDue)}</strong>（送料{' '}
          {formatYenTaxIncluded(order.shippingFee)}・手数料 {formatYenTaxIncluded(order.paymentFee)}
          {order.pointsUsed > 0 ? `・ポイント利用 ${formatPoints(order.pointsUsed)}` : ''}） ・{' '}
          {orderPointsLabel(order.state)} {formatPoints(order.pointsToGrant)}
        </p>
      )}
      {order.paymentInstructions && order.paidAt === null && isMemberCancellable(order.state) ? (
        <section aria-label="お振込み先">
          <h4>お振込み先</h4>
          <PaymentInstructionsTable info={order.paymentInstructions} />
        </section>
      ) : null}
      {order.paymentInstructions && order.paidAt !== null ? (
        <p>ご入金確認済み（{formatJstDate(order.paidAt)}）</p>
      ) : null}
      {order.tracking ? (
        <p>
          配送業者 {CARRIERS[order.tracking.carrier].label} ・ お問い合わせ伝票番号{' '}
          {order.tracking.url ? (
            <a href={order.tracking.url} target="_blank" rel="noopener noreferrer">
              {order.tracking.trackingNumber}
            </a>
          ) : (
            order.tracking.trackingNumber
          )}
        </p>
      ) : null}
      {canCancel ? (
        <button
          type="button"
          className="button button-danger button-small"
          disabled={busy || !hydrated}
          onClick={onCancel}
        >
          {busy ? 'キャンセル中…' : 'このご注文をキャンセルする'}
        </button>
      ) : null}
      {canBundle ? (
        <p>
          <ShopLink href={ROUTES.bundle.path({ id: String(order.id) })} prefetch={false}>
            ほかのご注文とおまとめ配送にする
          </ShopLink>
        </p>
      ) : null}
    </article>
  );
}
