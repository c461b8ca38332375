import {
  CHECKOUT_FAILURE_MESSAGES,
  DELIVERY_TIME_SLOTS,
  formatReleaseDate,
  formatYenTaxIncluded,
  isPaymentAvailable,
  PAYMENT_METHODS,
  type PaymentMethodName,
  ROUTES,
  SHIPPING_METHODS,
  type ShippingMethodName,
  shippingMethod,
} from '@shop/rules';
import { useCallback, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { AddressForm } from '../../../components/address-form';
import { CardForm } from '../../../components/card-form';
import { Modal } from '../../../components/modal';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { createAddress } from '../../../lib/addresses';
import { errorMessage } from '../../../lib/api-errors';
import { formatExpire, saveCard } from '../../../lib/cards';
import { patchSession, refreshSession } from '../../../lib/session';
import type { CheckoutQuote, SavedCard, ShippingAddress } from '../../../types/account';
import {
  type ConfirmRequest,
  confirmCheckout,
  quoteCheckout,
  rememberCheckoutResult,
} from '../api/checkout';
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit';
import {
  CANCELLATION_TERMS,
  DELIVERY_NOW,
  DELIVERY_RESERVATION,
  PAYMENT_TIMING,
} from './checkout-terms';

type Step = 'input' | 'confirm';
type PointsMode = 'none' | 'some';

export interface CheckoutData {
  addresses: ShippingAddress[];
  cards: SavedCard[];
}

const yen = formatYenTaxIncluded;
const slotLabel = (value: string) =>
  DELIVERY_TIME_SLOTS.find((s) => s.value === value)?.label ?? '';

function addressLines(a: ShippingAddress): string {
  return `〒${a.postalCode} ${a.prefecture}${a.city}${a.street}${a.building ? ` ${a.building}` : ''}`;
}

function Steps({ step }: { step: Step }) {
  return (
    <ol className="steps" aria-label="ご注文の手順">
      <li>カート</li>
      <li aria-current={step === 'input' ? 'step' : undefined}>お届け・お支払い</li>
      <li aria-current={step === 'confirm' ? 'step' : undefined}>ご注文内容の確認</li>
      <li>完了</li>
    </ol>
  );
}

function Totals({ quote }: { quote: CheckoutQuote | null }) {
  const totals = quote?.totals;
  if (!totals) return <p className="muted">金額を計算しています…</p>;
  return (
    <table className="summary-table">
      <tbody>
        <tr>
          <th scope="row">商品小計</th>
          <td>{yen(totals.subtotal)}</td>
        </tr>
        <tr>
          <th scope="row">送料</th>
          <td>{yen(totals.shippingFee)}</td>
        </tr>
        <tr>
          <th scope="row">手数料</th>
          <td>{yen(totals.paymentFee)}</td>
        </tr>
        <tr>
          <th scope="row">ポイント利用</th>
          <td>−{totals.pointsUsed.toLocaleString('ja-JP')}pt</td>
        </tr>
        <tr className="total">
          <th scope="row">お支払い金額</th>
          <td>{yen(totals.total)}</td>
        </tr>
        <tr>
          <th scope="row">獲得予定ポイント</th>
          <td>{totals.pointsEarned.toLocaleString('ja-JP')}pt</td>
        </tr>
      </tbody>
    </table>
  );
}

/** /checkout: delivery and payment choices, then the confirmation screen, then one confirm. */
export function CheckoutPage({ data }: { data: CheckoutData }) {
  const id = useId();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<Step>('input');
  const [addresses, setAddresses] = useState(data.addresses);
  const [addressId, setAddressId] = useState<number | null>(
    data.addresses.find((a) => a.isDefault)?.id ?? data.addresses[0]?.id ?? null,
  );
  const [cards, setCards] = useState(data.cards);
  const [cardId, setCardId] = useState<number | null>(data.cards[0]?.id ?? null);
  const [shipping, setShipping] = useState<ShippingMethodName>('home_delivery');
  const [payment, setPayment] = useState<PaymentMethodName>('credit_card');
  const [slot, setSlot] = useState<string>('unspecified');
  const [pointsMode, setPointsMode] = useState<PointsMode>('none');
  const [pointsInput, setPointsInput] = useState('0');
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'address' | 'card' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const usePoints =
    payment === 'full_points' || pointsMode === 'none'
      ? 0
      : Math.max(0, Math.floor(Number(pointsInput.normalize('NFKC')) || 0));
  const slotApplies = shippingMethod(shipping).hasOption;

  useEffect(() => {
    let cancelled = false;
    quoteCheckout({ shippingMethod: shipping, paymentMethod: payment, usePoints }).then(
      (next) => {
        if (cancelled) return;
        setQuote(next);
        setQuoteError(null);
      },
      (failure: unknown) => {
        if (!cancelled) setQuoteError(errorMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [shipping, payment, usePoints]);

  const send = useCallback((body: ConfirmRequest, key: string) => confirmCheckout(body, key), []);
  const { submit, busy } = useIdempotentSubmit(send);

  const onShipping = (name: ShippingMethodName) => {
    setShipping(name);
    // A payment the new shipping method does not allow falls back to the card, which all allow.
    if (!isPaymentAvailable(payment, { shipping: name }).ok) setPayment('credit_card');
  };

  const problem = (() => {
    if (addressId === null) return 'お届け先を登録してください。';
    if (payment === 'credit_card' && cardId === null)
      return 'お支払いに使うクレジットカードを登録してください。';
    if (quoteError) return quoteError;
    if (quote?.problem) return quote.problem.message;
    const chosen = quote?.paymentMethods.find((m) => m.typeName === payment);
    if (chosen && !chosen.available) return chosen.reason?.message ?? null;
    return null;
  })();

  const body = (): ConfirmRequest => ({
    shippingMethod: shipping,
    paymentMethod: payment,
    addressId: addressId ?? 0,
    ...(slotApplies ? { deliveryTimeSlot: slot } : {}),
    ...(usePoints > 0 ? { usePoints } : {}),
    ...(payment === 'credit_card' && cardId !== null ? { card: { savedCardId: cardId } } : {}),
  });

  const onConfirm = async () => {
    setError(null);
    try {
      const result = await submit(body());
      if (!result) return;
      rememberCheckoutResult(result);
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
      toast({
        tone: 'error',
        title: 'ご注文を確定できませんでした',
        description: errorMessage(failure),
      });
    }
  };

  const address = addresses.find((a) => a.id === addressId);
  const card = cards.find((c) => c.id === cardId);
  const paymentName = PAYMENT_METHODS.find((m) => m.typeName === payment)?.verboseName ?? '';
  const shippingName = SHIPPING_METHODS.find((m) => m.typeName === shipping)?.verboseName ?? '';

  if (step === 'confirm' && quote?.totals && address) {
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
                    {shipment.releaseDate
                      ? `予約商品（${formatReleaseDate(shipment.releaseDate)}）`
                      : '在庫商品'}
                  </h3>
                  <table className="summary-table">
                    <tbody>
                      {shipment.lines.map((line) => (
                        <tr key={line.variationId}>
                          <th scope="row">
                            {line.title}（{line.variationName}）<br />
                            <span className="muted">
                              {yen(line.unitPrice)} × {line.quantity}点
                            </span>
                          </th>
                          <td>{yen(line.unitPrice * line.quantity)}</td>
                        </tr>
                      ))}
                      <tr>
                        <th scope="row">送料</th>
                        <td>{yen(shipment.shippingFee)}</td>
                      </tr>
                      <tr>
                        <th scope="row">手数料</th>
                        <td>{yen(shipment.paymentFee)}</td>
                      </tr>
                      {shipment.pointsUsed > 0 ? (
                        <tr>
                          <th scope="row">ポイント利用</th>
                          <td>−{shipment.pointsUsed.toLocaleString('ja-JP')}pt</td>
                        </tr>
                      ) : null}
                      <tr className="total">
                        <th scope="row">このご注文のお支払い金額</th>
                        <td>{yen(shipment.total)}</td>
                      </tr>
                    </tbody>
                  </table>
                  <p className="muted">
                    お届け時期: {shipment.releaseDate ? DELIVERY_RESERVATION : DELIVERY_NOW}
                  </p>
                </div>
              ))}
            </section>
            <section className="panel" aria-labelledby={`${id}-delivery`}>
              <h2 id={`${id}-delivery`}>お届け先・配送方法</h2>
              <p>
                {address.lastName} {address.firstName} 様<br />
                {addressLines(address)}
              </p>
              <p>
                配送方法: {shippingName}
                {slotApplies ? ` ・ お届け時間帯: ${slotLabel(slot)}` : ''}
              </p>
            </section>
            <section className="panel" aria-labelledby={`${id}-payment`}>
              <h2 id={`${id}-payment`}>お支払い方法・お支払い時期</h2>
              <p>
                {paymentName}
                {payment === 'credit_card' && card ? `（${card.brand} 末尾${card.last4}）` : ''}
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
              onClick={() => setStep('input')}
            >
              お届け・お支払いを変更する
            </button>
          </aside>
        </div>
      </>
    );
  }

  return (
    <>
      <Steps step="input" />
      <div className="checkout-layout">
        <div>
          <section className="panel" aria-labelledby={`${id}-address`}>
            <h2 id={`${id}-address`}>お届け先</h2>
            {addresses.length === 0 ? <p>お届け先が登録されていません。</p> : null}
            <fieldset className="choice-list">
              <legend className="visually-hidden">お届け先を選ぶ</legend>
              {addresses.map((a) => (
                <label key={a.id} className="choice">
                  <input
                    type="radio"
                    name={`${id}-address`}
                    checked={a.id === addressId}
                    onChange={() => setAddressId(a.id)}
                  />
                  <span>
                    {a.lastName} {a.firstName} 様{a.isDefault ? '（いつものお届け先）' : ''}
                    <br />
                    <span className="muted">{addressLines(a)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <p>
              <button
                type="button"
                className="button button-outline"
                onClick={() => setDialog('address')}
              >
                新しいお届け先を追加
              </button>{' '}
              <ShopLink
                href={`${ROUTES.userShippingAddress.path()}?return=${ROUTES.checkout.path()}`}
              >
                お届け先を編集・削除する
              </ShopLink>
            </p>
          </section>

          <section className="panel" aria-labelledby={`${id}-shipping`}>
            <h2 id={`${id}-shipping`}>配送方法</h2>
            <fieldset className="choice-list">
              <legend className="visually-hidden">配送方法を選ぶ</legend>
              {SHIPPING_METHODS.map((method) => {
                const option = quote?.shippingMethods.find((m) => m.typeName === method.typeName);
                const available = option?.available ?? true;
                return (
                  <label key={method.typeName} className="choice">
                    <input
                      type="radio"
                      name={`${id}-shipping`}
                      value={method.typeName}
                      checked={shipping === method.typeName}
                      disabled={!available}
                      onChange={() => onShipping(method.typeName)}
                    />
                    <span>
                      {method.verboseName}
                      {option ? ` ・ 送料 ${yen(option.fee)}` : ''}
                      {option?.reason ? (
                        <span className="choice-reason">{option.reason.message}</span>
                      ) : null}
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {slotApplies ? (
              <div className="form-field">
                <label htmlFor={`${id}-slot`}>お届け時間帯</label>
                <select id={`${id}-slot`} value={slot} onChange={(e) => setSlot(e.target.value)}>
                  {DELIVERY_TIME_SLOTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p className="muted">
                この配送方法ではお届け時間帯を指定できません（郵便受けへのお届けです）。
              </p>
            )}
          </section>

          <section className="panel" aria-labelledby={`${id}-payment`}>
            <h2 id={`${id}-payment`}>お支払い方法</h2>
            <fieldset className="choice-list">
              <legend className="visually-hidden">お支払い方法を選ぶ</legend>
              {PAYMENT_METHODS.map((method) => {
                const rule = isPaymentAvailable(method, { shipping });
                const option = quote?.paymentMethods.find((m) => m.typeName === method.typeName);
                const reason = !rule.ok
                  ? CHECKOUT_FAILURE_MESSAGES[rule.reason]
                  : option && !option.available
                    ? option.reason?.message
                    : undefined;
                return (
                  <label key={method.typeName} className="choice">
                    <input
                      type="radio"
                      name={`${id}-payment`}
                      value={method.typeName}
                      checked={payment === method.typeName}
                      disabled={reason !== undefined}
                      onChange={() => setPayment(method.typeName)}
                    />
                    <span>
                      {method.verboseName}
                      {option && option.fee > 0 ? ` ・ ${method.feeTitle} ${yen(option.fee)}` : ''}
                      {reason ? <span className="choice-reason">{reason}</span> : null}
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {payment === 'credit_card' ? (
              <div className="card-choice">
                <h3>お支払いに使うカード</h3>
                <fieldset className="choice-list">
                  <legend className="visually-hidden">カードを選ぶ</legend>
                  {cards.map((c) => (
                    <label key={c.id} className="choice">
                      <input
                        type="radio"
                        name={`${id}-card`}
                        checked={c.id === cardId}
                        onChange={() => setCardId(c.id)}
                      />
                      <span>
                        {c.brand} **** {c.last4}（有効期限 {formatExpire(c.expire)}）
                      </span>
                    </label>
                  ))}
                </fieldset>
                <p>
                  <button
                    type="button"
                    className="button button-outline"
                    onClick={() => setDialog('card')}
                  >
                    新しいカードを登録
                  </button>{' '}
                  <ShopLink href={`${ROUTES.creditCard.path()}?return=${ROUTES.checkout.path()}`}>
                    登録済みのカードを管理する
                  </ShopLink>
                </p>
              </div>
            ) : null}
          </section>

          {payment !== 'full_points' ? (
            <section className="panel" aria-labelledby={`${id}-points`}>
              <h2 id={`${id}-points`}>ポイント</h2>
              <p>
                保有ポイント:{' '}
                <strong>{(quote?.pointBalance ?? 0).toLocaleString('ja-JP')}pt</strong>（1pt＝1円）
              </p>
              <fieldset className="choice-list">
                <legend className="visually-hidden">ポイントの利用</legend>
                <label className="choice">
                  <input
                    type="radio"
                    name={`${id}-points`}
                    checked={pointsMode === 'none'}
                    onChange={() => setPointsMode('none')}
                  />
                  <span>ポイントを使わない</span>
                </label>
                <label className="choice">
                  <input
                    type="radio"
                    name={`${id}-points`}
                    checked={pointsMode === 'some'}
                    onChange={() => setPointsMode('some')}
                  />
                  <span>ポイントを使う</span>
                </label>
              </fieldset>
              {pointsMode === 'some' ? (
                <div className="form-field">
                  <label htmlFor={`${id}-use-points`}>利用するポイント</label>
                  <input
                    id={`${id}-use-points`}
                    type="number"
                    min={0}
                    max={quote?.pointBalance ?? 0}
                    inputMode="numeric"
                    value={pointsInput}
                    onChange={(e) => setPointsInput(e.target.value)}
                  />
                </div>
              ) : null}
            </section>
          ) : null}
        </div>
        <aside className="panel checkout-aside" aria-label="お支払い金額">
          <Totals quote={quote} />
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-primary button-block"
            disabled={problem !== null || !quote?.totals}
            onClick={() => {
              setStep('confirm');
              window.scrollTo(0, 0);
            }}
          >
            ご注文内容の確認へ
          </button>
          <p>
            <ShopLink href={ROUTES.cart.path()}>カートに戻る</ShopLink>
          </p>
        </aside>
      </div>
      {dialog === 'address' ? (
        <Modal title="お届け先の追加" open onClose={() => setDialog(null)}>
          <AddressForm
            submitLabel="このお届け先を使う"
            onCancel={() => setDialog(null)}
            onSubmit={async (input) => {
              const saved = await createAddress(input);
              setAddresses((list) => [...list, saved]);
              setAddressId(saved.id);
              setDialog(null);
              toast({ tone: 'success', title: 'お届け先を登録しました' });
            }}
          />
        </Modal>
      ) : null}
      {dialog === 'card' ? (
        <Modal title="クレジットカードの登録" open onClose={() => setDialog(null)}>
          <CardForm
            submitLabel="このカードを使う"
            onCancel={() => setDialog(null)}
            onToken={async ({ token }) => {
              const saved = await saveCard(token);
              setCards((list) => [...list, saved]);
              setCardId(saved.id);
              setDialog(null);
              toast({ tone: 'success', title: 'クレジットカードを登録しました' });
            }}
          />
        </Modal>
      ) : null}
    </>
  );
}
