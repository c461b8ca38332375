import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../../components/toast';
import type { OrderView } from '../../../types/account';
import { OrderCard } from './order-card';

afterEach(cleanup);

const ORDER: OrderView = {
  id: 7,
  state: 'reserved',
  placedAt: '2026-11-20T03:00:00Z',
  isReservation: true,
  releaseDate: '2027-03-01',
  releaseDatePrecision: 'day',
  pricePending: true,
  priceDecidedAt: null,
  paymentInstructions: null,
  tracking: null,
  shippingMethod: 'home_delivery',
  paymentMethod: 'bank_transfer',
  deliveryTimeSlot: 'unspecified',
  subtotal: 0,
  shippingFee: 0,
  paymentFee: 0,
  pointsUsed: 0,
  amountDue: 0,
  pointsToGrant: 0,
  paidAt: null,
  shippedAt: null,
  bundleId: null,
  items: [
    {
      productId: 1,
      productSlug: 'book',
      title: '新刊',
      variationId: 2,
      variationName: '通常版',
      quantity: 1,
      unitPrice: null,
    },
  ],
  benefits: [],
};

function card(order: OrderView) {
  return render(
    <Router>
      <ToastProvider>
        <OrderCard order={order} />
      </ToastProvider>
    </Router>,
  );
}

describe('OrderCard', () => {
  it('offers cancel disabled in the server HTML, before its code has hydrated, and enabled after', () => {
    const element = (
      <Router>
        <ToastProvider>
          <OrderCard order={ORDER} />
        </ToastProvider>
      </Router>
    );
    expect(renderToString(element)).toMatch(/<button[^>]*disabled[^>]*>このご注文をキャンセルする/);
    render(element);
    expect(
      (screen.getByRole('button', { name: 'このご注文をキャンセルする' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('shows a 価格未定 order as such, never as 0円', () => {
    card(ORDER);
    expect(screen.getAllByText('価格未定').length).toBeGreaterThan(0);
    expect(screen.getByText(/価格決定後にお知らせします/)).toBeTruthy();
    expect(screen.queryByText(/0円/)).toBeNull();
  });

  it('shows the amounts once the price is decided', () => {
    card({
      ...ORDER,
      pricePending: false,
      priceDecidedAt: '2026-12-01T03:00:00Z',
      subtotal: 1980,
      shippingFee: 510,
      amountDue: 2490,
      items: ORDER.items.map((i) => ({ ...i, unitPrice: 1980 })),
    });
    expect(screen.getByText('2,490円(税込)')).toBeTruthy();
    expect(screen.queryByText(/価格未定/)).toBeNull();
  });
});
