import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { quoteInputArb } from '../../test/arbitraries';
import { CHECKOUT_FAILURE_MESSAGES } from './checkoutFailures';
import { type QuoteInput, quote } from './quote';

const base: QuoteInput = {
  lines: [{ unit_price: '1100', quantity: 2, point_value: 11 }],
  shipping: 'home_delivery',
  payment: 'credit_card',
  pointBalance: 0,
};

describe('quote', () => {
  test('adds goods, shipping on the goods subtotal and the payment fee', () => {
    expect(quote({ ...base, payment: 'cash_on_delivery' })).toEqual({
      ok: true,
      subtotal: 2200,
      shippingFee: 510,
      paymentFee: 330,
      pointsUsed: 0,
      total: 3040,
      pointsEarned: 22,
    });
  });
  test('reads unit_price in both wire forms and sums several lines', () => {
    const result = quote({
      ...base,
      lines: [
        { unit_price: '1100.00', quantity: 3, point_value: 10 },
        { unit_price: '2000', quantity: 1, point_value: 20 },
      ],
    });
    expect(result).toMatchObject({ ok: true, subtotal: 5300, shippingFee: 0, pointsEarned: 50 });
  });
  test('spends points on any part of the amount due, fees included', () => {
    const result = quote({
      ...base,
      payment: 'cash_on_delivery',
      usePoints: 3000,
      pointBalance: 5000,
    });
    expect(result).toMatchObject({ ok: true, pointsUsed: 3000, total: 40 });
  });
  test('keeps the fees of the goods subtotal when points are spent', () => {
    const lines = [{ unit_price: '5000', quantity: 1, point_value: 0 }];
    const result = quote({ ...base, lines, usePoints: 4000, pointBalance: 4000 });
    expect(result).toMatchObject({ ok: true, shippingFee: 0, total: 1000 });
  });
  test('earns points whatever is spent', () => {
    const spent = quote({ ...base, usePoints: 1000, pointBalance: 1000 });
    expect(spent).toMatchObject({ ok: true, pointsEarned: 22 });
  });
  test('full points pays goods, shipping and fees: total 0', () => {
    expect(quote({ ...base, payment: 'full_points', pointBalance: 2710 })).toEqual({
      ok: true,
      subtotal: 2200,
      shippingFee: 510,
      paymentFee: 0,
      pointsUsed: 2710,
      total: 0,
      pointsEarned: 22,
    });
    expect(
      quote({ ...base, payment: 'full_points', usePoints: 5, pointBalance: 9000 }),
    ).toMatchObject({
      pointsUsed: 2710,
      total: 0,
    });
  });
  test('full points needs a balance that covers the amount due', () => {
    expect(quote({ ...base, payment: 'full_points', pointBalance: 2709 })).toEqual({
      ok: false,
      reason: 'not_enough_points',
    });
  });
  test('fails on points beyond the balance, beyond the amount due, or covering it all', () => {
    expect(quote({ ...base, usePoints: 101, pointBalance: 100 })).toEqual({
      ok: false,
      reason: 'not_enough_points',
    });
    expect(quote({ ...base, usePoints: 2711, pointBalance: 9000 })).toEqual({
      ok: false,
      reason: 'points_exceed_amount_due',
    });
    expect(quote({ ...base, usePoints: 2710, pointBalance: 9000 })).toEqual({
      ok: false,
      reason: 'points_cover_total',
    });
    for (const usePoints of [-1, 1.5, Number.NaN]) {
      expect(quote({ ...base, usePoints, pointBalance: 9000 })).toEqual({
        ok: false,
        reason: 'invalid_points',
      });
    }
  });
  test('fails on an empty cart and on invalid quantities', () => {
    expect(quote({ ...base, lines: [] })).toEqual({ ok: false, reason: 'empty_cart' });
    for (const quantity of [0, -1, 1.5, 100, Number.NaN]) {
      expect(quote({ ...base, lines: [{ unit_price: '100', quantity, point_value: 1 }] })).toEqual({
        ok: false,
        reason: 'invalid_quantity',
      });
    }
  });
  test('"a product is price-undecided if its unit price is 0 or missing"', () => {
    for (const unit_price of ['0', '', null, undefined, '0.00']) {
      expect(quote({ ...base, lines: [{ unit_price, quantity: 1, point_value: 0 }] })).toEqual({
        ok: false,
        reason: 'price_undecided',
      });
    }
  });
  test('fails on a malformed price or point value', () => {
    for (const unit_price of ['1,100', '1100.5', '-5', 'abc']) {
      expect(quote({ ...base, lines: [{ unit_price, quantity: 1, point_value: 0 }] })).toEqual({
        ok: false,
        reason: 'invalid_unit_price',
      });
    }
    expect(
      quote({ ...base, lines: [{ unit_price: '100', quantity: 1, point_value: -1 }] }),
    ).toEqual({
      ok: false,
      reason: 'invalid_point_value',
    });
  });
  test('fails on unknown methods and on payments the shipment does not allow', () => {
    expect(quote({ ...base, shipping: 'drone' })).toEqual({
      ok: false,
      reason: 'unknown_shipping_method',
    });
    expect(quote({ ...base, payment: 'bitcoin' })).toEqual({
      ok: false,
      reason: 'unknown_payment_method',
    });
    expect(quote({ ...base, shipping: 'yu_packet', payment: 'cash_on_delivery' })).toEqual({
      ok: false,
      reason: 'payment_not_available_for_economical_shipping',
    });
    expect(quote({ ...base, global: true, payment: 'cash_on_delivery' })).toEqual({
      ok: false,
      reason: 'payment_not_available_overseas',
    });
    expect(quote({ ...base, global: true, shipping: 'yu_packet' })).toEqual({
      ok: false,
      reason: 'shipping_not_available_overseas',
    });
  });
  test('charges the flat overseas fee abroad', () => {
    expect(quote({ ...base, global: true })).toMatchObject({
      ok: true,
      shippingFee: 1000,
      total: 3200,
    });
  });
  test('throws on a point balance that is not a non-negative integer', () => {
    expect(() => quote({ ...base, pointBalance: -1 })).toThrow(TypeError);
  });
  test('has a Japanese message for every failure', () => {
    for (const message of Object.values(CHECKOUT_FAILURE_MESSAGES)) {
      expect(message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/u);
    }
  });
});

describe('properties', () => {
  test.prop([quoteInputArb])(
    'adds up: total = subtotal + shippingFee + paymentFee - pointsUsed, never negative',
    (input) => {
      const result = quote(input);
      if (!result.ok) return;
      expect(result.total).toBe(
        result.subtotal + result.shippingFee + result.paymentFee - result.pointsUsed,
      );
      expect(result.total).toBeGreaterThanOrEqual(0);
    },
  );
  test.prop([quoteInputArb])(
    'is in integer yen: every amount is a non-negative integer',
    (input) => {
      const result = quote(input);
      if (!result.ok) return;
      const { ok: _, ...amounts } = result;
      for (const amount of Object.values(amounts)) {
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
      }
    },
  );
  test.prop([quoteInputArb])(
    'respects the balance: points used never exceed the balance, and only full points reach total 0',
    (input) => {
      const result = quote(input);
      if (!result.ok) return;
      expect(result.pointsUsed).toBeLessThanOrEqual(input.pointBalance);
      expect(result.total === 0).toBe(input.payment === 'full_points');
    },
  );
  test.prop([quoteInputArb.map((input) => ({ ...input, payment: 'full_points' }))])(
    'pays in full: a full-points quote has total 0, or fails for lack of points or shipping',
    (input) => {
      const result = quote(input);
      if (result.ok) expect(result.total).toBe(0);
      else
        expect(['not_enough_points', 'shipping_not_available_overseas']).toContain(result.reason);
    },
  );
  test.prop([quoteInputArb, fc.integer({ min: 0, max: 1_000_000 })])(
    'is independent of spending for earning: points earned are the sum of point_value × quantity',
    (input, extra) => {
      const result = quote({ ...input, pointBalance: input.pointBalance + extra });
      if (!result.ok) return;
      const expected = input.lines.reduce((sum, line) => sum + line.point_value * line.quantity, 0);
      expect(result.pointsEarned).toBe(expected);
    },
  );
  test.prop([quoteInputArb])('fails with a known reason: every failure has a message', (input) => {
    const result = quote(input);
    if (!result.ok) expect(CHECKOUT_FAILURE_MESSAGES[result.reason]).toBeTruthy();
  });
});
