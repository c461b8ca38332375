import { PAYMENT_DUE_DAYS, PAYMENT_METHODS } from '@shop/rules';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../components/toast';
import CheckoutConfirm from '../features/checkout/components/checkout-confirm';
import { LegalNotice } from '../features/guide/components/legal-notice';
import { TermsArticles } from '../features/guide/components/terms-articles';
import { ADDRESS, BOOK_TOTALS, CARD } from '../testing/fake-api';
import type { CheckoutQuote } from '../types/account';

// The legal notice, the checkout's confirmation and the terms (/lp/terms) state the same terms of
// sale: they print lib/sales-terms.ts. Read back from what each renders, the numbers a shopper relies on agree.

afterEach(cleanup);

const shipment = (releaseDate: string | null): CheckoutQuote['shipments'][number] => ({
  isReservation: releaseDate !== null,
  pricePending: false,
  releaseDate,
  releaseDatePrecision: releaseDate === null ? null : 'day',
  lines: [
    {
      variationId: 1,
      title: '本',
      variationName: '通常版',
      quantity: 1,
      unitPrice: 1100,
      problem: null,
    },
  ],
  ...BOOK_TOTALS,
});

function legalText(): string {
  return (
    render(
      <Router>
        <LegalNotice />
      </Router>,
    ).container.textContent ?? ''
  );
}

function confirmationText(payment: (typeof PAYMENT_METHODS)[number]['typeName']): string {
  const totals = {
    subtotal: 2200,
    shippingFee: 1020,
    paymentFee: 0,
    pointsUsed: 0,
    total: 3220,
    pointsEarned: 22,
  };
  return (
    render(
      <Router>
        <ToastProvider>
          <CheckoutConfirm
            quote={{
              shipments: [shipment(null), shipment('2026-12-01')],
              shippingMethods: [],
              paymentMethods: [],
              pointBalance: 0,
              pricePending: false,
              totals,
              problem: null,
            }}
            address={ADDRESS}
            card={CARD}
            shipping="home_delivery"
            payment={payment}
            slot={null}
            request={{ shippingMethod: 'home_delivery', paymentMethod: payment, addressId: 1 }}
            onBack={() => undefined}
          />
        </ToastProvider>
      </Router>,
    ).container.textContent ?? ''
  );
}

const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

describe('the terms of sale', () => {
  it('give the same days for reporting a defect and shipping items in stock on both pages', () => {
    const legal = legalText();
    cleanup();
    const confirmation = confirmationText('credit_card');
    for (const pattern of [/到着後(\S+?)日以内/g, /(\S+?)営業日以内に発送/g]) {
      const onLegal = all(legal, pattern);
      expect(onLegal.length, String(pattern)).toBeGreaterThan(0);
      expect(new Set(all(confirmation, pattern)), String(pattern)).toEqual(new Set(onLegal));
    }
  });

  it('say when a reservation ships in the same words on the legal page, at checkout and in the terms', () => {
    // The paragraph that starts with `lead`, without it.
    const paragraph = (lead: string) =>
      [...document.querySelectorAll('p')]
        .map((p) => p.textContent ?? '')
        .find((text) => text.startsWith(lead))
        ?.slice(lead.length);
    legalText();
    const onLegal = paragraph('予約商品: ');
    cleanup();
    expect(onLegal).toMatch(/発売日/);
    render(<TermsArticles />);
    expect(paragraph('予約商品は、')).toBe(onLegal);
    cleanup();
    expect(confirmationText('credit_card')).toContain(`お届け時期: ${onLegal}`);
  });

  it('give a transfer the days the API sets its due date by (PAYMENT_DUE_DAYS)', () => {
    for (const payment of ['bank_transfer', 'yucho'] as const) {
      const confirmation = confirmationText(payment);
      cleanup();
      expect(all(confirmation, /ご注文から(\d+)日以内/g), payment).toEqual([
        String(PAYMENT_DUE_DAYS),
      ]);
    }
  });

  it('state each payment method and its timing on the legal page as checkout states it', () => {
    const legal = legalText();
    const methods =
      screen.getByRole('rowheader', { name: 'お支払い方法' }).closest('tr')?.textContent ?? '';
    for (const method of PAYMENT_METHODS) expect(methods).toContain(method.verboseName);
    cleanup();
    for (const method of PAYMENT_METHODS) {
      confirmationText(method.typeName);
      const section = screen.getByRole('region', { name: 'お支払い方法・お支払い時期' });
      const timing = section.querySelector('p.muted')?.textContent ?? '';
      cleanup();
      expect(timing.length, method.typeName).toBeGreaterThan(0);
      expect(legal).toContain(timing);
    }
  });
});
