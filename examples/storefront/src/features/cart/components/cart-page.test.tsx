import { formatYenTaxIncluded, groupShipments, shippingFeeOutlook } from '@shop/rules';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../../components/toast';
import { cartLine } from '../../../testing/fake-api';
import type { CartLine } from '../../../types/account';
import { CartPage } from './cart-page';

// 2027年3月中旬 is stored on the 11th, the day the exactly dated book comes out.
const middle = cartLine(1, { sellStartDate: '2027-03-11', releaseDatePrecision: 'month_part' });
const exact = cartLine(2, { sellStartDate: '2027-03-11' });
const later = cartLine(3, { sellStartDate: '2027-03-25' });
const out = cartLine(4, { sellStartDate: '2026-11-01' });
const now = '2026-11-25T01:00:00Z';

function renderCart(lines: CartLine[]) {
  return render(
    <Router>
      <ToastProvider>
        <CartPage data={{ cart: { lines, count: lines.length }, now }} />
      </ToastProvider>
    </Router>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('groupShipments of cart lines', () => {
  it("groups as checkout ships: what is out, then each release day at its vaguest line's precision", () => {
    expect(
      groupShipments([later, middle, out, exact], new Date(now)).map((g) => ({
        releaseDate: g.releaseDate,
        releaseDatePrecision: g.releaseDatePrecision,
        lines: g.lines.map((l) => l.variationId),
      })),
    ).toEqual([
      { releaseDate: null, releaseDatePrecision: null, lines: [4] },
      { releaseDate: '2027-03-11', releaseDatePrecision: 'month_part', lines: [1, 2] },
      { releaseDate: '2027-03-25', releaseDatePrecision: 'day', lines: [3] },
    ]);
  });
});

describe('CartPage', () => {
  it('labels a 中旬 reservation as 中旬, not as the day it is stored on', () => {
    renderCart([middle]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      '予約商品（2027年3月中旬発売予定）',
    );
    expect(screen.queryByText(/3月11日/)).toBeNull();
  });

  it('labels a day reservation with its day, and one shipping with a 中旬 line as 中旬', () => {
    renderCart([exact, later]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '予約商品（2027年3月11日(木)発売）',
      '予約商品（2027年3月25日(木)発売）',
    ]);
    cleanup();
    renderCart([exact, middle, later, out]);
    const reservations = screen.getAllByRole('region', { name: '予約商品' });
    expect(reservations.map((r) => r.querySelector('h2')?.textContent)).toEqual([
      '予約商品（2027年3月中旬発売予定）',
      '予約商品（2027年3月25日(木)発売）',
    ]);
    expect(reservations[0]?.textContent).toContain('本1');
    expect(reservations[0]?.textContent).toContain('本2');
    expect(screen.getByRole('region', { name: '今すぐ発送' }).textContent).toContain('本4');
    expect(screen.getByText(/別のご注文（3/)).toBeTruthy();
  });
});

describe('CartPage announcements', () => {
  it('tells a screen reader the new count and total after a change, and nothing on load', async () => {
    const line = cartLine(1, { unitPrice: 1100, quantity: 1 });
    renderCart([line]);
    const status = screen
      .getAllByRole('status')
      .find((node) => node.classList.contains('visually-hidden'));
    expect(status?.textContent).toBe('');
    const updated = { lines: [{ ...line, quantity: 3 }], count: 3 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(updated)),
    );
    fireEvent.change(screen.getByRole('combobox', { name: /数量/ }), { target: { value: '3' } });
    // 3 × 1,100 yen and the home delivery fee under the free-shipping threshold.
    const total = 3300 + shippingFeeOutlook('home_delivery', 3300).fee;
    await waitFor(() =>
      expect(status?.textContent).toBe(
        `カートを更新しました。商品3点、合計（目安）${formatYenTaxIncluded(total)}`,
      ),
    );
  });
});
