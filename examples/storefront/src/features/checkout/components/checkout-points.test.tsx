import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '../../../types/account';
import { Totals } from './checkout-totals';

afterEach(cleanup);

const quote = (pointsUsed: number): CheckoutQuote => ({
  shipments: [],
  shippingMethods: [],
  paymentMethods: [],
  pointBalance: 5000,
  pricePending: false,
  totals: {
    subtotal: 3300,
    shippingFee: 510,
    paymentFee: 0,
    pointsUsed,
    total: 3810 - pointsUsed,
    pointsEarned: 1330,
  },
  problem: null,
});

const cell = (row: string) =>
  screen.getByRole('rowheader', { name: row }).nextElementSibling?.textContent;

describe('checkout totals: points', () => {
  it('prints no points used as 0pt, never 「−0pt」', () => {
    render(<Totals quote={quote(0)} />);
    expect(cell('ポイント利用')).toBe('0pt');
  });

  it('prints points used as a deduction with grouped digits, and the points to earn', () => {
    render(<Totals quote={quote(1500)} />);
    expect(cell('ポイント利用')).toBe('−1,500pt');
    expect(cell('獲得予定ポイント')).toBe('1,330pt');
  });
});
