import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../components/toast';
import { rememberCheckoutResult } from '../lib/checkout-result';
import { fakeApi, SESSION } from '../testing/fake-api';
import type { ConfirmResult } from '../types/account';
import CheckoutCompleteRoute from './routes/checkout-complete';

const RESULT: ConfirmResult = {
  checkoutId: 5,
  orders: [
    {
      id: 41,
      state: 'awaiting_payment',
      isReservation: false,
      releaseDate: null,
      subtotal: 1100,
      shippingFee: 510,
      paymentFee: 0,
      pointsUsed: 0,
      total: 1610,
      pointsToGrant: 11,
      benefits: [],
      paymentInstructions: {
        kind: 'bank_transfer',
        bankName: 'しおり銀行',
        branchName: '本店',
        accountType: '普通',
        accountNumber: '1234567',
        accountHolder: 'シオリシヨテン',
        amount: 1610,
        dueDate: '2026-12-08',
      },
    },
  ],
};

const page = (children: ReactNode) =>
  render(
    <Router>
      <ToastProvider>{children}</ToastProvider>
    </Router>,
  );

beforeEach(() => {
  sessionStorage.clear();
  fakeApi({ 'GET /api/session/': () => SESSION });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/checkout/complete', () => {
  const props = { params: {}, href: '/checkout/complete' };

  it('shows the member the orders they placed in this tab, with the transfer details', async () => {
    rememberCheckoutResult(1, RESULT);
    page(<CheckoutCompleteRoute {...props} data={{ guest: false, memberId: 1 }} />);
    expect(await screen.findByText('ご注文番号 41')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '振込先' })).toBeTruthy();
  });

  it("never shows another member's orders", async () => {
    rememberCheckoutResult(1, RESULT);
    page(<CheckoutCompleteRoute {...props} data={{ guest: false, memberId: 2 }} />);
    expect(await screen.findByText('ご注文の内容は注文履歴でご確認いただけます。')).toBeTruthy();
    expect(screen.queryByText(/ご注文番号/)).toBeNull();
    expect(screen.queryByText(/しおり銀行/)).toBeNull();
  });

  it('asks a guest to log in and shows no order', async () => {
    rememberCheckoutResult(1, RESULT);
    page(<CheckoutCompleteRoute {...props} data={{ guest: true }} />);
    expect(screen.getByText('このページのご利用にはログインが必要です。')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'ログインする' })).toBeTruthy());
    expect(screen.queryByText(/ご注文番号/)).toBeNull();
  });
});
