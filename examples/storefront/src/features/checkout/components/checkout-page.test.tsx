import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../../components/toast';
import { publishAccountChange } from '../../../lib/account-changes';
import { ADDRESS, CARD, fakeApi, SESSION } from '../../../testing/fake-api';
import type { CheckoutQuote, ShippingAddress } from '../../../types/account';
import { paymentRules } from '../api/payment-rules';
import { CheckoutPage } from './checkout-page';

const QUOTE: CheckoutQuote = {
  shipments: [],
  shippingMethods: [],
  paymentMethods: [],
  pointBalance: 500,
  pricePending: false,
  totals: {
    subtotal: 1100,
    shippingFee: 0,
    paymentFee: 0,
    pointsUsed: 0,
    total: 1100,
    pointsEarned: 10,
  },
  problem: null,
};

const OFFICE: ShippingAddress = {
  ...ADDRESS,
  id: 2,
  lastName: '書店',
  firstName: '太郎',
  postalCode: '530-0001',
  prefecture: '大阪府',
  city: '大阪市北区梅田',
  isDefault: false,
};

function renderCheckout() {
  window.history.replaceState(null, '', '/checkout');
  return render(
    <Router>
      <ToastProvider>
        <CheckoutPage data={{ addresses: [ADDRESS], cards: [], paymentRules: paymentRules() }} />
      </ToastProvider>
    </Router>,
  );
}

beforeEach(() => {
  fakeApi({
    'GET /api/session/': () => SESSION,
    'POST /api/reserveshop/checkout/quote/': () => QUOTE,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const radio = (name: RegExp | string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('CheckoutPage', () => {
  it('opens the card and address pages as dialogs over itself, with their URL in history', () => {
    renderCheckout();
    const add = screen.getByRole('link', { name: '新しいお届け先を追加' });
    expect(add.getAttribute('href')).toBe('/common/user-shipping-address?return=/checkout&add=1');
    expect(
      screen.getByRole('link', { name: 'お届け先を編集・削除する' }).getAttribute('href'),
    ).toBe('/common/user-shipping-address?return=/checkout');
    const cards = screen.getByRole('link', { name: 'カードを登録・管理する' });
    expect(cards.getAttribute('href')).toBe('/common/credit-card?return=/checkout');
    fireEvent.click(cards);
    expect(window.location.pathname).toBe('/common/credit-card');
    expect(window.history.state).toEqual({ modalOver: '/checkout' });
  });

  it('selects a card or an address saved in a dialog and keeps every other choice', async () => {
    renderCheckout();
    await screen.findByText('お支払い金額');
    expect(screen.getByRole('alert').textContent).toBe(
      'お支払いに使うクレジットカードを登録してください。',
    );
    fireEvent.click(radio(/^ゆうパケット/));
    fireEvent.click(radio('ポイントを使う'));
    fireEvent.change(screen.getByLabelText('利用するポイント'), { target: { value: '120' } });

    act(() => publishAccountChange({ kind: 'cards', cards: [CARD], added: CARD }));
    expect(radio(/VISA \*\*\*\* 4242/).checked).toBe(true);
    act(() =>
      publishAccountChange({ kind: 'addresses', addresses: [ADDRESS, OFFICE], added: OFFICE }),
    );
    expect(radio(/書店 太郎 様/).checked).toBe(true);
    expect(radio(/栞 花子 様/).checked).toBe(false);

    expect(radio(/^ゆうパケット/).checked).toBe(true);
    expect(radio('ポイントを使う').checked).toBe(true);
    expect((screen.getByLabelText('利用するポイント') as HTMLInputElement).value).toBe('120');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('falls back to the default address when the chosen one is deleted in a dialog', () => {
    renderCheckout();
    act(() =>
      publishAccountChange({ kind: 'addresses', addresses: [ADDRESS, OFFICE], added: OFFICE }),
    );
    act(() => publishAccountChange({ kind: 'addresses', addresses: [ADDRESS], added: null }));
    expect(radio(/栞 花子 様/).checked).toBe(true);
    // An edit elsewhere in the book keeps the choice.
    act(() =>
      publishAccountChange({
        kind: 'addresses',
        addresses: [{ ...ADDRESS, street: '4-5-6' }],
        added: null,
      }),
    );
    expect(radio(/栞 花子 様/).checked).toBe(true);
    expect(screen.getByText(/銀座4-5-6/)).toBeTruthy();
  });

  it("refuses cash on delivery for ゆうパケット in the rules' words before the quote answers", () => {
    renderCheckout();
    fireEvent.click(radio(/^代金引換/));
    expect(radio(/^代金引換/).checked).toBe(true);
    fireEvent.click(radio(/^ゆうパケット/));
    // The payment the new shipping method refuses falls back to the card.
    expect(radio(/^代金引換/).disabled).toBe(true);
    expect(
      screen.getByText(CHECKOUT_FAILURE_MESSAGES.payment_not_available_for_economical_shipping),
    ).toBeTruthy();
    expect(radio(/^クレジットカード/).checked).toBe(true);
  });
});
