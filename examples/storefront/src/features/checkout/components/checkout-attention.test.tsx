import { PAYMENT_METHODS } from '@shop/rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_ATTENTIONS } from '../../../components/payment-attention';
import { ADDRESS, withCheckoutApi } from '../../../testing/fake-api';
import { renderCheckoutPage } from '../../../testing/render';
import type { CheckoutQuote } from '../../../types/account';

// The spec's attention notes where they apply: under the payment methods the rules flag
// (hasAttention), and under the shipping choice each shipment's way to cheaper shipping.

const shipment = (subtotal: number, releaseDate: string | null) => ({
  isReservation: releaseDate !== null,
  pricePending: false,
  releaseDate,
  releaseDatePrecision: releaseDate === null ? null : ('day' as const),
  lines: [],
  subtotal,
  shippingFee: 0,
  paymentFee: 0,
  pointsUsed: 0,
  total: subtotal,
  pointsEarned: 0,
});

const QUOTE: CheckoutQuote = {
  shipments: [shipment(3800, null), shipment(6000, '2027-03-11')],
  shippingMethods: [],
  paymentMethods: [],
  pointBalance: 0,
  pricePending: false,
  totals: null,
  problem: null,
};

withCheckoutApi(() => QUOTE);

const renderCheckout = () => renderCheckoutPage([ADDRESS]);

describe('checkout attention notes', () => {
  it('has a note exactly for the payment methods the rules flag with hasAttention', () => {
    for (const method of PAYMENT_METHODS) {
      expect(PAYMENT_ATTENTIONS[method.typeName] !== null, method.typeName).toBe(
        method.hasAttention,
      );
    }
  });

  it('shows each flagged payment method its note, under its own choice', async () => {
    renderCheckout();
    // The notes are a chunk of their own (checkout-display.tsx), hydrated when it arrives.
    await screen.findAllByText(/ご本人名義のカード/);
    for (const method of PAYMENT_METHODS) {
      const choice = screen.getByRole('radio', { name: new RegExp(`^${method.verboseName}`) });
      const label = choice.closest('label') as HTMLElement;
      const note = PAYMENT_ATTENTIONS[method.typeName];
      if (note) expect(within(label).getByText(note)).toBeTruthy();
      else expect(label.querySelector('.choice-attention')).toBeNull();
    }
  });

  it("tells each shipment how far it is from cheaper 宅配便, and ゆうパケット's flat fee nothing", async () => {
    renderCheckout();
    expect(await screen.findByText('送料無料まであと1,200円')).toBeTruthy();
    // The 6,000円 reservation ships free already: one note only.
    expect(screen.getAllByText(/まであと|あと.*で送料/)).toHaveLength(1);
    screen.getByRole('radio', { name: /^ゆうパケット/ }).click();
    expect(screen.queryByText(/まであと/)).toBeNull();
  });
});
