import {
  DELIVERY_TIME_SLOTS,
  formatCount,
  PAYMENT_METHODS,
  ROUTES,
  SHIPPING_METHODS,
} from '@shop/rules';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { ModalRouteLink } from '../../../components/modal-route-link';
import { ShopLink } from '../../../components/shop-link';
import { subscribeAccountChanges } from '../../../lib/account-changes';
import { errorMessage } from '../../../lib/api-errors';
import { formatExpire } from '../../../lib/cards';
import { useWhenIdle } from '../../../lib/idle';
import { type ConfirmRequest, quoteCheckout } from '../api/checkout';
import {
  type CheckoutFormData,
  POINTS_INPUT_MESSAGE,
  pointsInputInvalid,
  pointsToUse,
  quoteKey,
  quoteOfChoices,
  quoteRequestOf,
  slotApplies,
} from '../hooks/checkout-form';
import { useCheckoutForm } from '../hooks/use-checkout-form';
import { AddressText, PaymentAttention, ShippingFeeNotes, Totals } from './checkout-display-lazy';
import { focusNextStep, paymentInputs, Steps, yen } from './checkout-parts';

export type CheckoutData = CheckoutFormData;

const loadConfirm = () => import('./checkout-confirm');
const CheckoutConfirm = lazy(loadConfirm);

// The card and address pages open as dialogs over this page (modal-routes.ts); `return` is
// where the page version of them leads back to after a reload.
const ADDRESS_BOOK = `${ROUTES.userShippingAddress.path()}?return=${ROUTES.checkout.path()}`;
const NEW_ADDRESS = `${ADDRESS_BOOK}&add=1`;
const CARDS = `${ROUTES.creditCard.path()}?return=${ROUTES.checkout.path()}`;

/**
 * /checkout: delivery and payment choices, then the confirmation screen (checkout-confirm.tsx),
 * then one confirm. The form is one reducer (hooks/checkout-form.ts) whose choices and step live
 * in the URL (hooks/use-checkout-form.ts): a reload keeps them, Back on the confirmation returns
 * to the choices. Cards and addresses are added and changed in dialogs over this step; it follows
 * their changes (lib/account-changes.ts) and selects what was just added, keeping every other
 * choice.
 */
export function CheckoutPage({ data }: { data: CheckoutData }) {
  const id = useId();
  const { state, dispatch, step, toConfirm, toInput } = useCheckoutForm(data);
  const { addresses, addressId, cards, cardId, shipping, payment, slot, pointsMode, quote } = state;

  const asks = paymentInputs(payment);
  const usePoints = pointsToUse(state);
  // Time slots are the Japanese carriers' service: none abroad (the API refuses one).
  const chosen = addresses.find((a) => a.id === addressId);
  const abroad = chosen !== undefined && chosen.country !== 'JP';
  const withSlot = slotApplies(state) && !abroad;

  // The loader quoted the choices the page opened with (initialCheckoutForm took that quote).
  const loaderQuoted = useRef(state.quote === null ? null : quoteKey(quoteOfChoices(state)));
  useEffect(() => {
    const request = quoteRequestOf({ shipping, payment, usePoints, addressId });
    const first = loaderQuoted.current;
    loaderQuoted.current = null;
    if (first === quoteKey(request)) return;
    let cancelled = false;
    quoteCheckout(request).then(
      (next) => {
        if (!cancelled) dispatch({ type: 'quoted', quote: next });
      },
      (failure: unknown) => {
        if (!cancelled) dispatch({ type: 'quoteFailed', message: errorMessage(failure) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [shipping, payment, usePoints, addressId, dispatch]);

  // The confirmation step is not needed to choose: it loads once the page is idle.
  useWhenIdle(() => {
    loadConfirm().catch(() => undefined);
  });

  // What the card and address dialogs save or delete (the reducer picks the selection).
  useEffect(
    () =>
      subscribeAccountChanges((change) => {
        if (change.kind === 'addresses') {
          dispatch({ type: 'addressesChanged', addresses: change.addresses, added: change.added });
        } else {
          dispatch({ type: 'cardsChanged', cards: change.cards, added: change.added });
        }
      }),
    [dispatch],
  );

  const pointsInvalid = pointsInputInvalid(state);
  const problem = (() => {
    if (addressId === null) return 'お届け先を登録してください。';
    if (pointsInvalid) return POINTS_INPUT_MESSAGE;
    if (asks.card && cardId === null) return 'お支払いに使うクレジットカードを登録してください。';
    if (state.quoteError) return state.quoteError;
    if (quote?.problem) return quote.problem.message;
    const chosen = quote?.paymentMethods.find((m) => m.typeName === payment);
    if (chosen && !chosen.available) return chosen.reason?.message ?? null;
    return null;
  })();
  const settled = quote !== null || state.quoteError !== null;

  // A confirmation URL whose choices no longer hold (reloaded after the cart changed, or shared)
  // goes back to the choices, where the problem is shown.
  useEffect(() => {
    if (step === 'confirm' && settled && (problem !== null || !quote?.totals)) toInput();
  }, [step, settled, problem, quote, toInput]);

  const request = (): ConfirmRequest => ({
    shippingMethod: shipping,
    paymentMethod: payment,
    addressId: addressId ?? 0,
    ...(withSlot ? { deliveryTimeSlot: slot } : {}),
    ...(usePoints > 0 ? { usePoints } : {}),
    ...(asks.card && cardId !== null ? { card: { savedCardId: cardId } } : {}),
  });

  const address = addresses.find((a) => a.id === addressId);
  const card = cards.find((c) => c.id === cardId);

  if (step === 'confirm' && !settled) return <p className="muted">読み込んでいます…</p>;
  if (step === 'confirm' && problem === null && quote?.totals && address) {
    return (
      <Suspense fallback={<p className="muted">読み込んでいます…</p>}>
        <CheckoutConfirm
          quote={{ ...quote, totals: quote.totals }}
          address={address}
          card={asks.card ? card : undefined}
          shipping={shipping}
          payment={payment}
          slot={withSlot ? slot : null}
          request={request()}
          onBack={toInput}
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
                    onChange={() => dispatch({ type: 'address', id: a.id })}
                  />
                  <AddressText address={a} />
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
                      onChange={() =>
                        dispatch({
                          type: 'shipping',
                          name: method.typeName,
                          paymentRules: data.paymentRules,
                        })
                      }
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
            {/* Abroad the fee is flat: no tier or free threshold to buy towards. */}
            {abroad ? null : <ShippingFeeNotes quote={quote} method={shipping} />}
            {withSlot ? (
              <div className="form-field">
                <label htmlFor={`${id}-slot`}>お届け時間帯</label>
                <select
                  id={`${id}-slot`}
                  value={slot}
                  onChange={(e) => dispatch({ type: 'slot', value: e.target.value })}
                >
                  {DELIVERY_TIME_SLOTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p className="muted">
                {abroad
                  ? '海外へのお届けではお届け時間帯を指定できません。'
                  : 'この配送方法ではお届け時間帯を指定できません（郵便受けへのお届けです）。'}
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
                      onChange={() => dispatch({ type: 'payment', name: method.typeName })}
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
                        onChange={() => dispatch({ type: 'card', id: c.id })}
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
                保有ポイント: <strong>{formatCount(quote?.pointBalance ?? 0)}pt</strong>（1pt＝1円）
              </p>
              <fieldset className="choice-list">
                <legend className="visually-hidden">ポイントの利用</legend>
                <label className="choice">
                  <input
                    type="radio"
                    name={`${id}-points`}
                    checked={pointsMode === 'none'}
                    onChange={() => dispatch({ type: 'pointsMode', mode: 'none' })}
                  />
                  <span>ポイントを使わない</span>
                </label>
                <label className="choice">
                  <input
                    type="radio"
                    name={`${id}-points`}
                    checked={pointsMode === 'some'}
                    onChange={() => dispatch({ type: 'pointsMode', mode: 'some' })}
                  />
                  <span>ポイントを使う</span>
                </label>
              </fieldset>
              {pointsMode === 'some' ? (
                <div className="form-field">
                  <label htmlFor={`${id}-use-points`}>利用するポイント</label>
                  {/* Text, not number: a number field refuses full-width digits (１２０). The message is
                      written here, not with components/form-field, which would add a kilobyte to
                      the checkout's first load. */}
                  <input
                    id={`${id}-use-points`}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={state.pointsInput}
                    onChange={(e) => dispatch({ type: 'pointsInput', value: e.target.value })}
                    aria-invalid={pointsInvalid || undefined}
                    aria-describedby={pointsInvalid ? `${id}-use-points-error` : undefined}
                  />
                  {pointsInvalid ? (
                    <p id={`${id}-use-points-error`} className="field-error">
                      {POINTS_INPUT_MESSAGE}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </section>
          ) : null}
        </div>
        <aside className="panel checkout-aside" aria-label="お支払い金額">
          {/* Announced when a choice changes the amount, for a shopper who cannot see it. */}
          <div aria-live="polite" aria-atomic="true">
            <Totals quote={quote} />
          </div>
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
              focusNextStep();
              // The input step stays until the confirmation's chunk is there.
              loadConfirm().then(toConfirm, toConfirm);
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
