import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../../components/toast';
import { fakeApi, orderView, SESSION } from '../../../testing/fake-api';
import type { OrderView } from '../../../types/account';
import { OrderCard } from './order-card';

// What an order card says about points: the state decides 獲得予定 / 獲得済み / 取消, a zero
// never prints as 「−0pt」, and cancelling tells of returned points only when some were used.

const order = (overrides: Partial<OrderView> = {}): OrderView =>
  orderView(41, { state: 'awaiting_payment', paymentMethod: 'bank_transfer', ...overrides });

const card = (o: OrderView) =>
  render(
    <Router>
      <ToastProvider>
        <OrderCard order={o} />
      </ToastProvider>
    </Router>,
  );

beforeEach(() => {
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('order card points', () => {
  it.each([
    ['preparing', '獲得予定 11pt'],
    ['shipped', '獲得済み 11pt'],
    ['cancelled', '取消 11pt'],
  ] as const)('a %s order reads %s', (state, text) => {
    const { container } = card(order({ state }));
    expect(container.textContent).toContain(text);
    for (const other of ['獲得予定', '獲得済み', '取消'].filter((w) => !text.startsWith(w))) {
      expect(container.textContent).not.toContain(other);
    }
  });

  it('shows no point deduction when none was used, and the deduction when some was', () => {
    expect(card(order()).container.textContent).not.toMatch(/ポイント利用|−0pt/);
    cleanup();
    expect(card(order({ pointsUsed: 1200 })).container.textContent).toContain(
      'ポイント利用 1,200pt',
    );
  });

  it('says points were returned on cancelling only when the order used some', async () => {
    fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/orders/41/cancel/': () => order({ state: 'cancelled' }),
    });
    card(order());
    fireEvent.click(screen.getByRole('button', { name: 'このご注文をキャンセルする' }));
    expect(await screen.findByText('ご注文番号 41 をキャンセルしました')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/お戻し/);
    cleanup();

    fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/orders/41/cancel/': () => order({ state: 'cancelled', pointsUsed: 300 }),
    });
    card(order({ pointsUsed: 300 }));
    fireEvent.click(screen.getByRole('button', { name: 'このご注文をキャンセルする' }));
    expect(await screen.findByText('ご利用の300ptはポイント残高にお戻ししました。')).toBeTruthy();
  });
});
