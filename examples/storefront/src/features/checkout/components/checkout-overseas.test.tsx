import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../../components/toast';
import { ADDRESS, fakeApi, SESSION } from '../../../testing/fake-api';
import type { CheckoutQuote, ShippingAddress } from '../../../types/account';
import { paymentRules } from '../api/payment-rules';
import { CheckoutPage } from './checkout-page';

// Checkout to an overseas address: the quote is asked for that address, and the page shows what
// the API answers for it (宅配便 at the overseas fee, ゆうパケット and the payments the rules
// refuse abroad disabled with their reasons).

const ABROAD: ShippingAddress = {
  ...ADDRESS,
  id: 5,
  country: 'US',
  fullName: 'Taro Yamada',
  line1: '350 Fifth Avenue',
  line2: '',
  city: 'New York',
  region: 'NY',
  postalCode: '10118',
  prefecture: '',
  street: '',
  lastName: '',
  firstName: '',
  lastNameKana: '',
  firstNameKana: '',
  phone: '+12125550100',
};

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

beforeEach(() => {
  quoted = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  fakeApi({
    'GET /api/session/': () => SESSION,
    'POST /api/reserveshop/checkout/quote/': ({ body }) => {
      quoted.push(body);
      return QUOTE;
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CheckoutPage to an overseas address', () => {
  it('quotes for the address and offers only the methods allowed abroad', async () => {
    window.history.replaceState(null, '', '/checkout');
    render(
      <Router>
        <ToastProvider>
          <CheckoutPage data={{ addresses: [ABROAD], cards: [], paymentRules: paymentRules() }} />
        </ToastProvider>
      </Router>,
    );
    expect(
      screen.getByText(/350 Fifth Avenue, New York, NY, 10118（アメリカ合衆国）/),
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
