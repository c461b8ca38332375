import {
  CHECKOUT_FAILURE_MESSAGES,
  formatYenTaxIncluded,
  groupShipments,
  shippingFeeOutlook,
} from '@shop/rules';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLine } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import type { CartLine } from '../../../types/account';
import { CartPage } from './cart-page';

// 2027年3月中旬 is stored on the 11th, the day the exactly dated book comes out.
const middle = cartLine(1, { sellStartDate: '2027-03-11', releaseDatePrecision: 'month_part' });
const exact = cartLine(2, { sellStartDate: '2027-03-11' });
const later = cartLine(3, { sellStartDate: '2027-03-25' });
const out = cartLine(4, { sellStartDate: '2026-11-01' });
const now = '2026-11-25T01:00:00Z';

const renderCart = (lines: CartLine[]) =>
  renderInShop(<CartPage data={{ cart: { lines, count: lines.length }, now }} />);

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

// The cart shows each shipment's 宅配便 fee by the tiers (@shop/rules shippingFeeOutlook, which
// charges through shippingFee as checkout does) and how far it is from cheaper shipping.

describe('cart shipping fees', () => {
  it('shows the tier fee of each shipment and what is missing to the next tier', () => {
    renderCart([
      cartLine(1, { unitPrice: 1900, quantity: 2 }), // in stock: 3,800円 → 246円
      cartLine(2, { unitPrice: 1100, sellStartDate: '2027-03-11' }), // reservation: 1,100円 → 510円
    ]);
    const now = screen.getByRole('region', { name: '今すぐ発送' });
    expect(within(now).getByText('246円(税込)')).toBeTruthy();
    expect(within(now).getByText('送料無料まであと1,200円')).toBeTruthy();
    expect(within(now).getByText('（5,000円以上のご注文で送料無料）')).toBeTruthy();

    const reserved = screen.getByRole('region', { name: '予約商品' });
    expect(within(reserved).getByText('510円(税込)')).toBeTruthy();
    expect(within(reserved).getByText('あと2,400円で送料246円')).toBeTruthy();

    const summary = screen.getByRole('complementary', { name: 'お支払い金額' });
    const shipping = within(summary).getByRole('rowheader', { name: '送料（宅配便）' });
    expect(shipping.nextElementSibling?.textContent).toBe('756円(税込)');
    const total = within(summary).getByRole('rowheader', { name: '合計（目安）' });
    expect(total.nextElementSibling?.textContent).toBe('5,656円(税込)');
  });

  it('says a shipment of 5,000円 or more ships free, with no way to go', () => {
    renderCart([cartLine(1, { unitPrice: 5000 })]);
    const now = screen.getByRole('region', { name: '今すぐ発送' });
    expect(within(now).getByText('無料')).toBeTruthy();
    expect(screen.queryByText(/まであと|あと.*で送料/)).toBeNull();
  });
});

describe('ゆうパケット in the cart', () => {
  it('says a shipment too large for ゆうパケット goes by 宅配便, and nothing for one that fits', () => {
    renderCart([
      cartLine(1, { categories: ['画集'], quantity: 2, unitPrice: 3300 }),
      cartLine(2, { sellStartDate: '2027-03-11', quantity: 2 }),
    ]);
    const note = CHECKOUT_FAILURE_MESSAGES.parcel_too_large;
    expect(within(screen.getByRole('region', { name: '今すぐ発送' })).getByText(note)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '予約商品' })).queryByText(note)).toBeNull();
  });
});
