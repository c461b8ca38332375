import {
  DELIVERY_TIME_SLOTS,
  PAYMENT_METHOD_NAMES,
  type PaymentMethodName,
  SHIPPING_METHOD_NAMES,
  type ShippingMethodName,
  shippingMethod,
} from '@shop/rules';
import type { CheckoutQuote, SavedCard, ShippingAddress } from '../../../types/account';
import type { QuoteRequest } from '../api/checkout';
import type { PaymentRules } from '../api/payment-rules';
import { paymentInputs } from '../components/checkout-parts';

// The checkout form as one pure reducer: what the shopper chose (address, card, shipping, time
// slot, payment, points), the address book and cards the dialogs over the page change, and the
// API's latest quote. The choices also live in the page's URL (searchOf / choicesFromSearch), so
// a reload or Back on the confirmation step keeps them; use-checkout-form.ts keeps the two in step.

export type PointsMode = 'none' | 'some';

/** What the shopper chose on the input step: what the URL carries. */
export interface CheckoutChoices {
  addressId: number | null;
  cardId: number | null;
  shipping: ShippingMethodName;
  payment: PaymentMethodName;
  /** A DELIVERY_TIME_SLOTS value; sent only when the shipping method takes a slot. */
  slot: string;
  pointsMode: PointsMode;
  /** As typed (full-width digits allowed); pointsToUse reads it. */
  pointsInput: string;
}

export interface CheckoutFormState extends CheckoutChoices {
  addresses: ShippingAddress[];
  cards: SavedCard[];
  quote: CheckoutQuote | null;
  quoteError: string | null;
}

/** What the checkout's loader gives the form. */
export interface CheckoutFormData {
  addresses: ShippingAddress[];
  cards: SavedCard[];
  paymentRules: PaymentRules;
  /**
   * The API's quote of the choices the page's URL opens with (quoteKey), so the server renders the
   * fees and totals instead of the page growing when the browser's quote arrives; null when
   * there was nothing to quote or the quote failed (the browser asks again).
   */
  quoted?: { key: string; quote: CheckoutQuote } | null;
}

export type CheckoutFormAction =
  | { type: 'address'; id: number }
  | { type: 'card'; id: number }
  /** Carries the rules: a payment the new method refuses falls back to the card. */
  | { type: 'shipping'; name: ShippingMethodName; paymentRules: PaymentRules }
  | { type: 'payment'; name: PaymentMethodName }
  | { type: 'slot'; value: string }
  | { type: 'pointsMode'; mode: PointsMode }
  | { type: 'pointsInput'; value: string }
  | { type: 'addressesChanged'; addresses: ShippingAddress[]; added: ShippingAddress | null }
  | { type: 'cardsChanged'; cards: SavedCard[]; added: SavedCard | null }
  | { type: 'quoted'; quote: CheckoutQuote }
  | { type: 'quoteFailed'; message: string }
  /** Back or Forward brought another entry's choices (already checked by choicesFromSearch). */
  | { type: 'restored'; choices: CheckoutChoices };

/** The payment every shipping method takes, and the fallback for one it refuses. */
const FALLBACK_PAYMENT: PaymentMethodName = 'credit_card';
const DEFAULT_SHIPPING: ShippingMethodName = 'home_delivery';
const DEFAULT_SLOT = 'unspecified';

export const defaultAddressId = (addresses: ShippingAddress[]): number | null =>
  addresses.find((a) => a.isDefault)?.id ?? addresses[0]?.id ?? null;

const firstCardId = (cards: SavedCard[]): number | null => cards[0]?.id ?? null;

/** `id` while `items` still hold it, else their fallback choice (the default address, the first card). */
const keptOr = <T extends { id: number }>(
  items: T[],
  id: number | null,
  fallback: (items: T[]) => number | null,
): number | null => (items.some((item) => item.id === id) ? id : fallback(items));

export function checkoutFormReducer(
  state: CheckoutFormState,
  action: CheckoutFormAction,
): CheckoutFormState {
  switch (action.type) {
    case 'address':
      return { ...state, addressId: action.id };
    case 'card':
      return { ...state, cardId: action.id };
    case 'shipping':
      return {
        ...state,
        shipping: action.name,
        payment:
          action.paymentRules[action.name][state.payment] === null
            ? state.payment
            : FALLBACK_PAYMENT,
      };
    case 'payment':
      return { ...state, payment: action.name };
    case 'slot':
      return { ...state, slot: action.value };
    case 'pointsMode':
      return { ...state, pointsMode: action.mode };
    case 'pointsInput':
      return { ...state, pointsInput: action.value };
    // What a dialog over the page saved or deleted: the new one is selected, a deleted selection
    // falls back to the default address or the first card, any other choice stays.
    case 'addressesChanged':
      return {
        ...state,
        addresses: action.addresses,
        addressId: action.added
          ? action.added.id
          : keptOr(action.addresses, state.addressId, defaultAddressId),
      };
    case 'cardsChanged':
      return {
        ...state,
        cards: action.cards,
        cardId: action.added ? action.added.id : keptOr(action.cards, state.cardId, firstCardId),
      };
    case 'quoted':
      return { ...state, quote: action.quote, quoteError: null };
    case 'quoteFailed':
      return { ...state, quoteError: action.message };
    case 'restored':
      return { ...state, ...action.choices };
    default:
      return action satisfies never;
  }
}

/**
 * The points as typed, as a whole number: full-width digits, spaces and grouping commas allowed
 * (「１，２００」 is 1200), nothing typed is 0; null for anything else (-5, 1.5, 1e3, たくさん), which
 * the page refuses with POINTS_INPUT_MESSAGE instead of reading it as some other amount.
 */
export function typedPoints(input: string): number | null {
  const digits = input.normalize('NFKC').replace(/[\s,]/g, '');
  if (digits === '') return 0;
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/** What the points field says under it when typedPoints cannot read it. */
export const POINTS_INPUT_MESSAGE = '利用するポイントは0以上の数字で入力してください（例: 500）。';

/** Whether the shopper chose to use points and typed something that is no amount of them. */
export function pointsInputInvalid(state: CheckoutChoices): boolean {
  return (
    paymentInputs(state.payment).points &&
    state.pointsMode === 'some' &&
    typedPoints(state.pointsInput) === null
  );
}

/** The points the order spends: none unless the payment takes points and the shopper said so. */
export function pointsToUse(state: CheckoutChoices): number {
  if (!paymentInputs(state.payment).points || state.pointsMode === 'none') return 0;
  return typedPoints(state.pointsInput) ?? 0;
}

/** What the quote of these choices asks the API (usePoints: pointsToUse of the choices). */
export const quoteRequestOf = ({
  shipping,
  payment,
  usePoints,
  addressId,
}: Pick<CheckoutChoices, 'shipping' | 'payment' | 'addressId'> & {
  usePoints: number;
}): QuoteRequest => ({
  shippingMethod: shipping,
  paymentMethod: payment,
  usePoints,
  // The chosen address decides domestic or overseas fees and methods.
  ...(addressId !== null && { addressId }),
});

/** The quote asked for the input step's choices. */
export const quoteOfChoices = (choices: CheckoutChoices): QuoteRequest =>
  quoteRequestOf({ ...choices, usePoints: pointsToUse(choices) });

/** Equal for choices that ask the same quote. */
export const quoteKey = (request: QuoteRequest): string =>
  [
    request.shippingMethod,
    request.paymentMethod,
    request.usePoints ?? 0,
    request.addressId ?? '',
  ].join(' ');

/** Whether the chosen shipping method takes a delivery time slot. */
export const slotApplies = (state: CheckoutChoices): boolean =>
  shippingMethod(state.shipping).hasOption;

const isShippingName = (value: string | null): value is ShippingMethodName =>
  (SHIPPING_METHOD_NAMES as readonly (string | null)[]).includes(value);
const isPaymentName = (value: string | null): value is PaymentMethodName =>
  (PAYMENT_METHOD_NAMES as readonly (string | null)[]).includes(value);
const isSlot = (value: string | null): value is string =>
  DELIVERY_TIME_SLOTS.some((s) => s.value === value);
const idOf = (value: string | null): number | null =>
  value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

/**
 * The choices a URL's query string carries, each checked against what the shopper has and what
 * the rules allow: an address or card that is gone, an unknown method or slot, or a payment the
 * shipping method refuses falls back to the input step's default. A query without choices gives
 * the defaults (the default address, the first card, 宅配便, the card, no slot, no points).
 */
export function choicesFromSearch(search: string, data: CheckoutFormData): CheckoutChoices {
  const query = new URLSearchParams(search);
  const addressId = idOf(query.get('address'));
  const cardId = idOf(query.get('card'));
  const shipping = query.get('shipping');
  const payment = query.get('payment');
  const slot = query.get('slot');
  const points = query.get('points');
  const chosenShipping = isShippingName(shipping) ? shipping : DEFAULT_SHIPPING;
  return {
    addressId: keptOr(data.addresses, addressId, defaultAddressId),
    cardId: keptOr(data.cards, cardId, firstCardId),
    shipping: chosenShipping,
    payment:
      isPaymentName(payment) && data.paymentRules[chosenShipping][payment] === null
        ? payment
        : FALLBACK_PAYMENT,
    slot: isSlot(slot) ? slot : DEFAULT_SLOT,
    pointsMode: points !== null && /^\d{1,9}$/.test(points) ? 'some' : 'none',
    pointsInput: points !== null && /^\d{1,9}$/.test(points) ? points : '0',
  };
}

/** The form's first state: the URL's choices over the loader's data. */
export function initialCheckoutForm(search: string, data: CheckoutFormData): CheckoutFormState {
  const choices = choicesFromSearch(search, data);
  const { quoted } = data;
  return {
    ...choices,
    addresses: data.addresses,
    cards: data.cards,
    quote: quoted && quoted.key === quoteKey(quoteOfChoices(choices)) ? quoted.quote : null,
    quoteError: null,
  };
}

export type CheckoutStep = 'input' | 'confirm';

/** The step a query string names: the confirmation only when it says so. */
export const stepOf = (search: string): CheckoutStep =>
  new URLSearchParams(search).get('step') === 'confirm' ? 'confirm' : 'input';

/**
 * The query string of a step with these choices (without `?`), in a fixed order so equal choices
 * give an equal string (the step last). Points are written as the number they come to, and only when used.
 */
export function searchOf(choices: CheckoutChoices, step: CheckoutStep): string {
  const query = new URLSearchParams();
  if (choices.addressId !== null) query.set('address', String(choices.addressId));
  query.set('shipping', choices.shipping);
  if (shippingMethod(choices.shipping).hasOption) query.set('slot', choices.slot);
  query.set('payment', choices.payment);
  if (paymentInputs(choices.payment).card && choices.cardId !== null) {
    query.set('card', String(choices.cardId));
  }
  if (paymentInputs(choices.payment).points && choices.pointsMode === 'some') {
    query.set('points', String(pointsToUse(choices)));
  }
  return withStep(query.toString(), step);
}

/** A query string of choices (searchOf's) naming a step. */
export const withStep = (choices: string, step: CheckoutStep): string =>
  step === 'confirm' ? `${choices}&step=confirm` : choices;
