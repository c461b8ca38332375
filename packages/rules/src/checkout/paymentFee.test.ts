import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { paymentMethodNameArb, yenArb } from '../../test/arbitraries';
import { paymentFee } from './paymentFee';
import { paymentMethod } from './paymentMethod';

describe('paymentFee', () => {
  test('cash on delivery: "fee 330 (代金引換手数料), free at 10000 and above"', () => {
    expect(paymentFee('cash_on_delivery', 0)).toBe(330);
    expect(paymentFee('cash_on_delivery', 9999)).toBe(330);
    expect(paymentFee('cash_on_delivery', 10000)).toBe(0);
  });
  test('every other method: "fee 0"', () => {
    for (const name of ['credit_card', 'bank_transfer', 'yucho', 'full_points'] as const) {
      expect(paymentFee(name, 500)).toBe(0);
    }
  });
  test('reads any method by its fields', () => {
    const method = { ...paymentMethod('credit_card'), fee: 200 };
    expect(paymentFee(method, 100000)).toBe(200);
  });
  test('throws on a subtotal that is not a non-negative integer', () => {
    expect(() => paymentFee('cash_on_delivery', -5)).toThrow(TypeError);
  });
});

describe('properties', () => {
  test.prop([paymentMethodNameArb, yenArb, yenArb])(
    'is monotonic: a larger subtotal never costs a larger payment fee',
    (name, a, b) => {
      expect(paymentFee(name, Math.max(a, b))).toBeLessThanOrEqual(
        paymentFee(name, Math.min(a, b)),
      );
    },
  );
  test.prop([paymentMethodNameArb, yenArb])(
    "is the fee or nothing: the result is the method's fee or 0",
    (name, subtotal) => {
      expect([0, paymentMethod(name).fee]).toContain(paymentFee(name, subtotal));
    },
  );
});
