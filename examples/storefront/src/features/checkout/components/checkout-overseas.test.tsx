import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ABROAD, withCheckoutApi } from '../../../testing/fake-api';
import { renderCheckoutPage } from '../../../testing/render';
import type { CheckoutQuote } from '../../../types/account';

// Checkout to an overseas address: the quote is asked for that address, and the page shows what
// the API answers for it (宅配便 at the overseas fee, ゆうパケット and the payments the rules
// refuse abroad disabled with their reasons).

const refused = (code: 'payment_not_available_overseas' | 'shipping_not_available_overseas') => ({
  code,
  message: CHECKOUT_FAILURE_MESSAGES[code],
});

const QUOTE: CheckoutQuote = {
  // Under the domestic free-shipping threshold, which abroad does not offer.
  shipments: [
    {
      subtotal: 4202,
      shippingFee: 1000,
      paymentFee: 0,
      pointsUsed: 0,
      total: 5202,
      pointsEarned: 42,
      isReservation: false,
      pricePending: false,
      releaseDate: null,
      releaseDatePrecision: null,
      lines: [],
    },
  ],
  pricePending: false,
  shippingMethods: [
    { typeName: 'home_delivery', verboseName: '宅配便', available: true, reason: null, fee: 1000 },
    {
      typeName: 'yu_packet',
      verboseName: 'ゆうパケット',
      available: false,
      reason: refused('shipping_not_available_overseas'),
      fee: 0,
    },
  ],
  paymentMethods: [
    {
      typeName: 'credit_card',
      verboseName: 'クレジットカード',
      available: true,
      reason: null,
      fee: 0,
    },
    ...(['bank_transfer', 'yucho', 'cash_on_delivery'] as const).map((typeName) => ({
      typeName,
      verboseName: typeName,
      available: false,
      reason: refused('payment_not_available_overseas'),
      fee: 0,
    })),
  ],
  pointBalance: 0,
  totals: null,
  problem: null,
};

let quoted: unknown[];

withCheckoutApi(({ body }) => {
  quoted.push(body);
  return QUOTE;
});

beforeEach(() => {
  quoted = [];
});

describe('CheckoutPage to an overseas address', () => {
  it('quotes for the address and offers only the methods allowed abroad', async () => {
    renderCheckoutPage([ABROAD]);
    expect(
      await screen.findByText(/350 Fifth Avenue, New York, NY, 10118（アメリカ合衆国）/),
    ).toBeTruthy();
    await waitFor(() => expect(quoted).toContainEqual(expect.objectContaining({ addressId: 5 })));
    await screen.findByText(/宅配便 ・ 送料 ￥?1,000/);
    const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
    expect(radio(/^ゆうパケット/).disabled).toBe(true);
    expect(radio(/^代金引換/).disabled).toBe(true);
    expect(radio(/^クレジットカード/).disabled).toBe(false);
    expect(
      screen.getAllByText(CHECKOUT_FAILURE_MESSAGES.payment_not_available_overseas).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByLabelText('お届け時間帯')).toBeNull();
    expect(screen.getByText('海外へのお届けではお届け時間帯を指定できません。')).toBeTruthy();
    // The free-shipping threshold is a domestic offer: abroad nothing says 送料無料まであと….
    expect(screen.queryByText(/送料無料まで|で送料/)).toBeNull();
  });
});
