import {
  DELIVERY_TIME_SLOTS,
  PAYMENT_METHODS,
  type PaymentMethodName,
  ROUTES,
  SHIPPING_METHODS,
  type ShippingMethodName,
  shippingMethod,
} from '@shop/rules';
import { lazy, Suspense, startTransition, useEffect, useId, useState } from 'react';
import { ModalRouteLink } from '../../../components/modal-route-link';
import { PaymentAttention } from '../../../components/payment-attention';
import { ShopLink } from '../../../components/shop-link';
import { subscribeAccountChanges } from '../../../lib/account-changes';
import { errorMessage } from '../../../lib/api-errors';
import { formatExpire } from '../../../lib/cards';
import type { CheckoutQuote, SavedCard, ShippingAddress } from '../../../types/account';
import { type ConfirmRequest, quoteCheckout } from '../api/checkout';
import type { PaymentRules } from '../api/payment-rules';
import { addressLines, paymentInputs, type Step, Steps, Totals, yen } from './checkout-parts';
import { ShippingFeeNotes } from './shipping-fee-notes';

type PointsMode = 'none' | 'some';

export interface CheckoutData {
  addresses: ShippingAddress[];
  cards: SavedCard[];
  /** isPaymentAvailable for every shipping and payment method, from the loader. */
  paymentRules: PaymentRules;
}

const loadConfirm = () => import('./checkout-confirm');
const CheckoutConfirm = lazy(loadConfirm);

// The card and address pages open as dialogs over this page (modal-routes.ts); `return` is
// where the page version of them leads back to after a reload.
const ADDRESS_BOOK = `${ROUTES.userShippingAddress.path()}?return=${ROUTES.checkout.path()}`;
const NEW_ADDRESS = `${ADDRESS_BOOK}&add=1`;
const CARDS = `${ROUTES.creditCard.path()}?return=${ROUTES.checkout.path()}`;

const defaultAddressId = (addresses: ShippingAddress[]) =>
  addresses.find((a) => a.isDefault)?.id ?? addresses[0]?.id ?? null;

/**
 * /checkout: delivery and payment choices, then the confirmation screen (checkout-confirm.tsx),
 * then one confirm. Cards and addresses are added and changed in dialogs over this step; it
 * follows their changes (lib/account-changes.ts) and selects what was just added, keeping
 * every other choice.
 */
export function CheckoutPage({ data }: { data: CheckoutData }) {
  const id = useId();
  const [step, setStep] = useState<Step>('input');
  const [addresses, setAddresses] = useState(data.addresses);
  const [addressId, setAddressId] = useState<number | null>(defaultAddressId(data.addresses));
  const [cards, setCards] = useState(data.cards);
  const [cardId, setCardId] = useState<number | null>(data.cards[0]?.id ?? null);
  const [shipping, setShipping] = useState<ShippingMethodName>('home_delivery');
  const [payment, setPayment] = useState<PaymentMethodName>('credit_card');
  const [slot, setSlot] = useState<string>('unspecified');
  const [pointsMode, setPointsMode] = useState<PointsMode>('none');
  const [pointsInput, setPointsInput] = useState('0');
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);

  const asks = paymentInputs(payment);
  const usePoints =
    !asks.points || pointsMode === 'none'
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

  // The confirmation step is not needed to choose: it loads once the page is idle.
  useEffect(() => {
    const load = () => {
      loadConfirm().catch(() => undefined);
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 1000);
    return () => clearTimeout(timer);
  }, []);

  // What the card and address dialogs save or delete: the new one is selected, a deleted
  // selection falls back to the default address or the first card.
  useEffect(
    () =>
      subscribeAccountChanges((change) => {
        if (change.kind === 'addresses') {
          setAddresses(change.addresses);
          setAddressId((current) =>
            change.added
              ? change.added.id
              : change.addresses.some((a) => a.id === current)
                ? current
                : defaultAddressId(change.addresses),
          );
        } else {
          setCards(change.cards);
          setCardId((current) =>
            change.added
              ? change.added.id
              : change.cards.some((c) => c.id === current)
                ? current
                : (change.cards[0]?.id ?? null),
          );
        }
      }),
    [],
  );

  const onShipping = (name: ShippingMethodName) => {
    setShipping(name);
    // A payment the new shipping method does not allow falls back to the card, which all allow.
    if (data.paymentRules[name][payment] !== null) setPayment('credit_card');
  };

  const problem = (() => {
    if (addressId === null) return 'お届け先を登録してください。';
    if (asks.card && cardId === null) return 'お支払いに使うクレジットカードを登録してください。';
    if (quoteError) return quoteError;
    if (quote?.problem) return quote.problem.message;
    const chosen = quote?.paymentMethods.find((m) => m.typeName === payment);
    if (chosen && !chosen.available) return chosen.reason?.message ?? null;
    return null;
  })();

  const request = (): ConfirmRequest => ({
    shippingMethod: shipping,
    paymentMethod: payment,
    addressId: addressId ?? 0,
    ...(slotApplies ? { deliveryTimeSlot: slot } : {}),
    ...(usePoints > 0 ? { usePoints } : {}),
    ...(asks.card && cardId !== null ? { card: { savedCardId: cardId } } : {}),
  });

  const address = addresses.find((a) => a.id === addressId);
  const card = cards.find((c) => c.id === cardId);

  if (step === 'confirm' && quote?.totals && address) {
    return (
      <Suspense fallback={<p className="muted">読み込んでいます…</p>}>
        <CheckoutConfirm
          quote={{ ...quote, totals: quote.totals }}
          address={address}
          card={asks.card ? card : undefined}
          shipping={shipping}
          payment={payment}
          slot={slotApplies ? slot : null}
          request={request()}
          onBack={() => setStep('input')}
        />
      </Suspense>
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
              <ModalRouteLink href={NEW_ADDRESS} className="button button-outline">
                新しいお届け先を追加
              </ModalRouteLink>{' '}
              <ModalRouteLink href={ADDRESS_BOOK}>お届け先を編集・削除する</ModalRouteLink>
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
            <ShippingFeeNotes quote={quote} method={shipping} />
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
                const option = quote?.paymentMethods.find((m) => m.typeName === method.typeName);
                // The rules' refusal at once; the quote's (the API's) once it has answered.
                const reason =
                  data.paymentRules[shipping][method.typeName] ??
                  (option && !option.available ? option.reason?.message : undefined);
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
                      <PaymentAttention method={method.typeName} />
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {asks.card ? (
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
                  <ModalRouteLink href={CARDS} className="button button-outline">
                    カードを登録・管理する
                  </ModalRouteLink>
                </p>
              </div>
            ) : null}
          </section>

          {asks.points ? (
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
              // In a transition: the input step stays until the confirmation's chunk is there.
              startTransition(() => setStep('confirm'));
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
    </>
  );
}
