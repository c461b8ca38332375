import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLine } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import type { CartLine } from '../../../types/account';
import { CartPage } from './cart-page';

// The cart shows each shipment's 宅配便 fee by the tiers (@shop/rules shippingFeeOutlook, which
// charges through shippingFee as checkout does) and how far it is from cheaper shipping.

const now = '2026-11-25T01:00:00Z';

const renderCart = (lines: CartLine[]) =>
  renderInShop(<CartPage data={{ cart: { lines, count: lines.length }, now }} />);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
