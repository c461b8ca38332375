import { DELIVERY_TIME_SLOTS, PAYMENT_METHOD_NAMES, SHIPPING_METHOD_NAMES } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import { ADDRESS, CARD } from '../../../testing/fake-api';
import type { CheckoutQuote, ShippingAddress } from '../../../types/account';
import { paymentRules } from '../api/payment-rules';
import {
  type CheckoutFormState,
  checkoutFormReducer,
  choicesFromSearch,
  initialCheckoutForm,
  pointsInputInvalid,
  pointsToUse,
  searchOf,
  stepOf,
  typedPoints,
} from './checkout-form';

const RULES = paymentRules();
const OFFICE: ShippingAddress = { ...ADDRESS, id: 2, isDefault: false };
const HOME: ShippingAddress = { ...ADDRESS, isDefault: true };
const DATA = { addresses: [OFFICE, HOME], cards: [CARD], paymentRules: RULES };
const start = (search = '') => initialCheckoutForm(search, DATA);

describe('checkoutFormReducer', () => {
  it('starts on the default address, the first card, 宅配便, the card, no slot, no points', () => {
    expect(start()).toMatchObject({
      addressId: HOME.id,
      cardId: CARD.id,
      shipping: 'home_delivery',
      payment: 'credit_card',
      slot: 'unspecified',
      pointsMode: 'none',
      quote: null,
    });
  });

  it('falls back to the card when the new shipping method refuses the payment', () => {
    const cod = checkoutFormReducer(start(), { type: 'payment', name: 'cash_on_delivery' });
    const packet = checkoutFormReducer(cod, {
      type: 'shipping',
      name: 'yu_packet',
      paymentRules: RULES,
    });
    expect(packet).toMatchObject({ shipping: 'yu_packet', payment: 'credit_card' });
    // A payment both methods take is kept.
    const transfer = checkoutFormReducer(start(), { type: 'payment', name: 'bank_transfer' });
    expect(
      checkoutFormReducer(transfer, { type: 'shipping', name: 'yu_packet', paymentRules: RULES }),
    ).toMatchObject({ payment: 'bank_transfer' });
  });

  it('selects what a dialog added and keeps the selection through other edits', () => {
    const added = { ...CARD, id: 8, last4: '1111' };
    const withNew = checkoutFormReducer(start(), {
      type: 'cardsChanged',
      cards: [CARD, added],
      added,
    });
    expect(withNew.cardId).toBe(8);
    const edited = checkoutFormReducer(withNew, {
      type: 'cardsChanged',
      cards: [CARD, added],
      added: null,
    });
    expect(edited.cardId).toBe(8);
    const deleted = checkoutFormReducer(edited, {
      type: 'cardsChanged',
      cards: [CARD],
      added: null,
    });
    expect(deleted.cardId).toBe(CARD.id);
    const noAddress = checkoutFormReducer(start(), {
      type: 'addressesChanged',
      addresses: [],
      added: null,
    });
    expect(noAddress.addressId).toBeNull();
  });

  it('keeps the last quote when a new one fails, and clears the failure with the next', () => {
    const quote = { pointBalance: 10 } as CheckoutQuote;
    const quoted = checkoutFormReducer(start(), { type: 'quoted', quote });
    const failed = checkoutFormReducer(quoted, { type: 'quoteFailed', message: '通信できません' });
    expect(failed).toMatchObject({ quote, quoteError: '通信できません' });
    expect(checkoutFormReducer(failed, { type: 'quoted', quote }).quoteError).toBeNull();
  });

  it('changes nothing but what the action names (a new state, the old one untouched)', () => {
    const before = start();
    const frozen: CheckoutFormState = structuredClone(before);
    const after = checkoutFormReducer(before, { type: 'slot', value: 'morning' });
    expect(after).toEqual({ ...frozen, slot: 'morning' });
    expect(before).toEqual(frozen);
  });
});

describe('pointsToUse', () => {
  it('reads full-width digits and spends nothing unless asked, or when points pay it all', () => {
    const some = { ...start(), pointsMode: 'some' as const, pointsInput: '１２０' };
    expect(pointsToUse(some)).toBe(120);
    expect(pointsToUse({ ...some, pointsMode: 'none' })).toBe(0);
    expect(pointsToUse({ ...some, payment: 'full_points' })).toBe(0);
    expect(pointsToUse({ ...some, pointsInput: '-5' })).toBe(0);
    expect(pointsToUse({ ...some, pointsInput: 'たくさん' })).toBe(0);
  });

  it('reads grouped digits and calls anything that is no whole amount invalid', () => {
    const some = { ...start(), pointsMode: 'some' as const, pointsInput: '１，２００' };
    expect(typedPoints('１，２００')).toBe(1200);
    expect(typedPoints(' 500 ')).toBe(500);
    expect(typedPoints('')).toBe(0);
    for (const bad of ['-5', '1.5', '1e3', 'たくさん', '１２０pt']) {
      expect(typedPoints(bad), bad).toBeNull();
      expect(pointsInputInvalid({ ...some, pointsInput: bad }), bad).toBe(true);
    }
    expect(pointsInputInvalid(some)).toBe(false);
    expect(pointsInputInvalid({ ...some, pointsInput: '-5', pointsMode: 'none' })).toBe(false);
  });
});

describe('the URL of the form', () => {
  it('gives back every choice it wrote, for every method, slot and payment the rules allow', () => {
    for (const shipping of SHIPPING_METHOD_NAMES) {
      for (const payment of PAYMENT_METHOD_NAMES) {
        if (RULES[shipping][payment] !== null) continue;
        for (const { value: slot } of DELIVERY_TIME_SLOTS) {
          for (const step of ['input', 'confirm'] as const) {
            const choices = { ...start(), addressId: OFFICE.id, shipping, payment, slot };
            const search = searchOf(choices, step);
            expect(stepOf(search)).toBe(step);
            expect(searchOf(choicesFromSearch(search, DATA), step)).toBe(search);
          }
        }
      }
    }
  });

  it('keeps the points as the number they come to, and a slot only where it applies', () => {
    const some = { ...start(), pointsMode: 'some' as const, pointsInput: '１２０' };
    expect(searchOf(some, 'input')).toBe(
      'address=1&shipping=home_delivery&slot=unspecified&payment=credit_card&card=7&points=120',
    );
    expect(choicesFromSearch(searchOf(some, 'input'), DATA)).toMatchObject({
      pointsMode: 'some',
      pointsInput: '120',
    });
    expect(searchOf({ ...some, shipping: 'yu_packet' }, 'input')).not.toContain('slot=');
  });

  it('refuses what the shopper does not have or the rules do not allow', () => {
    const forged = choicesFromSearch(
      'address=99&card=1e3&shipping=drone&payment=cash_on_delivery&slot=midnight&points=-1',
      DATA,
    );
    expect(forged).toMatchObject({
      addressId: HOME.id,
      cardId: CARD.id,
      shipping: 'home_delivery',
      payment: 'cash_on_delivery',
      slot: 'unspecified',
      pointsMode: 'none',
    });
    expect(choicesFromSearch('shipping=yu_packet&payment=cash_on_delivery', DATA).payment).toBe(
      'credit_card',
    );
    expect(stepOf('step=done')).toBe('input');
  });
});
