import {
  DELIVERY_TIME_SLOTS,
  PAYMENT_METHODS,
  type PaymentMethodName,
  ROUTES,
  SHIPPING_METHODS,
  type ShippingMethodName,
} from '@shop/rules';
import { useCallback, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { PRICE_PENDING_NOTICE } from '../../../components/price';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { addressLine, addressName } from '../../../lib/address-text';
import { errorMessage, failureToast } from '../../../lib/api-errors';
import { rememberCheckoutResult } from '../../../lib/checkout-result';
import { releaseLabel } from '../../../lib/release-label';
import {
  CANCELLATION_TERMS,
  DELIVERY_NOW,
  DELIVERY_RESERVATION,
  PAYMENT_TIMING,
} from '../../../lib/sales-terms';
import { currentSession, patchSession, refreshSession } from '../../../lib/session';
import type { CheckoutQuote, SavedCard, ShippingAddress } from '../../../types/account';
import { type ConfirmRequest, confirmCheckout } from '../api/checkout';
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit';
import { focusNextStep, Steps, yen } from './checkout-parts';
import { ChargeRows, Totals } from './checkout-totals';

const slotLabel = (value: string) =>
  DELIVERY_TIME_SLOTS.find((s) => s.value === value)?.label ?? '';

export interface CheckoutConfirmProps {
  quote: CheckoutQuote & { totals: NonNullable<CheckoutQuote['totals']> };
  address: ShippingAddress;
  /** The card the order is charged to, when its payment method takes one. */
  card: SavedCard | undefined;
  shipping: ShippingMethodName;
  payment: PaymentMethodName;
  /** The delivery time slot, when the shipping method takes one. */
  slot: string | null;
  /** The confirm request as the input step built it. */
  request: ConfirmRequest;
  onBack: () => void;
}

/**
 * /checkout's confirmation step: every order the checkout makes, delivery, payment timing and
 * the cancellation terms, and the one confirm (idempotent). Its own chunk: the input step loads
 * it once the page is idle, so the checkout's first load goes without it.
 */
export default function CheckoutConfirm({
  quote,
  address,
  card,
  shipping,
  payment,
  slot,
  request,
  onBack,
}: CheckoutConfirmProps) {
  const id = useId();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const send = useCallback((body: ConfirmRequest, key: string) => confirmCheckout(body, key), []);
  const { submit, busy } = useIdempotentSubmit(send);
  const paymentName = PAYMENT_METHODS.find((m) => m.typeName === payment)?.verboseName ?? '';
  const shippingName = SHIPPING_METHODS.find((m) => m.typeName === shipping)?.verboseName ?? '';

  const onConfirm = async () => {
    setError(null);
    try {
      const result = await submit(request);
      if (!result) return;
      // The complete page shows these orders to the member who placed them only.
      const member = (await currentSession().catch(() => null))?.member;
      if (member) rememberCheckoutResult(member.id, result);
      patchSession({ cartCount: 0 });
      refreshSession().catch(() => undefined);
      toast({
        tone: 'success',
        title: 'ご注文を承りました',
        description: `${result.orders.length}件のご注文を確定しました。`,
      });
      navigate(ROUTES.checkoutComplete.path());
    } catch (failure) {
      setError(errorMessage(failure));
      toast(failureToast('ご注文を確定できませんでした', failure));
    }
  };

  return (
    <>
      <Steps step="confirm" />
      <div className="checkout-layout">
        <div>
          <section className="panel" aria-labelledby={`${id}-items`}>
            <h2 id={`${id}-items`}>
              ご注文商品とお届け（{quote.shipments.length}件のご注文に分かれます）
            </h2>
            {quote.shipments.map((shipment, index) => (
              <div key={shipment.releaseDate ?? 'now'} className="shipment">
                <h3>
                  ご注文{index + 1}:{' '}
                  {shipment.releaseDate ? `予約商品（${releaseLabel(shipment)}）` : '在庫商品'}
                </h3>
                <table className="summary-table">
                  <tbody>
                    {shipment.lines.map((line) => (
                      <tr key={line.variationId}>
                        <th scope="row">
                          {line.title}（{line.variationName}）<br />
                          <span className="muted">
                            {line.unitPrice === null ? '価格未定' : yen(line.unitPrice)} ×{' '}
                            {line.quantity}点
                          </span>
                        </th>
                        <td>
                          {line.unitPrice === null
                            ? '価格未定'
                            : yen(line.unitPrice * line.quantity)}
                        </td>
                      </tr>
                    ))}
                    {shipment.pricePending ? (
                      <tr className="total">
                        <th scope="row">このご注文のお支払い金額</th>
                        <td>価格決定後にお知らせします</td>
                      </tr>
                    ) : (
                      <ChargeRows
                        amounts={shipment}
                        totalLabel="このご注文のお支払い金額"
                        pointsRow="when-used"
                      />
                    )}
                  </tbody>
                </table>
                <p className="muted">
                  お届け時期: {shipment.releaseDate ? DELIVERY_RESERVATION : DELIVERY_NOW}
                </p>
                {shipment.pricePending ? <p className="notice">{PRICE_PENDING_NOTICE}</p> : null}
              </div>
            ))}
          </section>
          <section className="panel" aria-labelledby={`${id}-delivery`}>
            <h2 id={`${id}-delivery`}>お届け先・配送方法</h2>
            <p>
              {addressName(address)} 様<br />
              {addressLine(address)}
            </p>
            <p>
              配送方法: {shippingName}
              {slot !== null ? ` ・ お届け時間帯: ${slotLabel(slot)}` : ''}
            </p>
          </section>
          <section className="panel" aria-labelledby={`${id}-payment`}>
            <h2 id={`${id}-payment`}>お支払い方法・お支払い時期</h2>
            <p>
              {paymentName}
              {card ? `（${card.brand} 末尾${card.last4}）` : ''}
            </p>
            <p className="muted">{PAYMENT_TIMING[payment]}</p>
          </section>
          <section className="panel" aria-labelledby={`${id}-cancel`}>
            <h2 id={`${id}-cancel`}>キャンセル・返品について</h2>
            <ul>
              {CANCELLATION_TERMS.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
            <p>
              <ShopLink href={ROUTES.legal.path()}>特定商取引法に基づく表記</ShopLink>・
              <ShopLink href={ROUTES.terms.path()}>利用規約</ShopLink>
            </p>
          </section>
        </div>
        <aside className="panel checkout-aside" aria-label="お支払い金額">
          <Totals quote={quote} />
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-primary button-block"
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? '注文を確定しています…' : '注文を確定する'}
          </button>
          <button
            type="button"
            className="button button-outline button-block"
            disabled={busy}
            onClick={() => {
              focusNextStep();
              onBack();
            }}
          >
            お届け・お支払いを変更する
          </button>
        </aside>
      </div>
    </>
  );
}
