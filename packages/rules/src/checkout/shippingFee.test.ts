import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { shippingMethodNameArb, yenArb } from '../../test/arbitraries';
import { customShippingMethod } from '../../test/fixtures';
import { shippingFee } from './shippingFee';
import { shippingMethod } from './shippingMethod';

describe('shippingFee', () => {
  test('home delivery: "up to 3499 fee 510; from 3500 fee 246; from 5000 free"', () => {
    expect(shippingFee('home_delivery', 0)).toEqual({ ok: true, fee: 510 });
    expect(shippingFee('home_delivery', 3499)).toEqual({ ok: true, fee: 510 });
    expect(shippingFee('home_delivery', 3500)).toEqual({ ok: true, fee: 246 });
    expect(shippingFee('home_delivery', 4999)).toEqual({ ok: true, fee: 246 });
    expect(shippingFee('home_delivery', 5000)).toEqual({ ok: true, fee: 0 });
    expect(shippingFee('home_delivery', 120000)).toEqual({ ok: true, fee: 0 });
  });
  test('home delivery overseas: a flat 1000, with no free threshold', () => {
    expect(shippingFee('home_delivery', 100, { global: true })).toEqual({ ok: true, fee: 1000 });
    expect(shippingFee('home_delivery', 50000, { global: true })).toEqual({ ok: true, fee: 1000 });
  });
  test('yu-packet: "fee 320, no tiers, no free threshold", and "global no"', () => {
    expect(shippingFee('yu_packet', 0)).toEqual({ ok: true, fee: 320 });
    expect(shippingFee('yu_packet', 99999)).toEqual({ ok: true, fee: 320 });
    expect(shippingFee('yu_packet', 1000, { global: true })).toEqual({
      ok: false,
      reason: 'shipping_not_available_overseas',
    });
  });
  test('reads any method by its fields, not by its name', () => {
    const method = customShippingMethod(2000, 9000);
    expect(shippingFee(method, 1999)).toEqual({ ok: true, fee: 700 });
    expect(shippingFee(method, 2000)).toEqual({ ok: true, fee: 300 });
    expect(shippingFee(method, 9000)).toEqual({ ok: true, fee: 0 });
  });
  test('throws on a subtotal that is not a non-negative integer', () => {
    expect(() => shippingFee('home_delivery', -1)).toThrow(TypeError);
    expect(() => shippingFee('home_delivery', 10.5)).toThrow(TypeError);
    expect(() => shippingFee('home_delivery', Number.NaN)).toThrow(TypeError);
  });
});

describe('properties', () => {
  test.prop([shippingMethodNameArb, yenArb, yenArb, fc.boolean()])(
    'is monotonic: a larger subtotal never costs more shipping',
    (name, a, b, global) => {
      const low = shippingFee(name, Math.min(a, b), { global });
      const high = shippingFee(name, Math.max(a, b), { global });
      expect(high.ok).toBe(low.ok);
      if (low.ok && high.ok) expect(high.fee).toBeLessThanOrEqual(low.fee);
    },
  );
  test.prop([shippingMethodNameArb, yenArb, fc.boolean()])(
    "is a tier fee: the fee is one of the method's fees",
    (name, subtotal, global) => {
      const method = shippingMethod(name);
      const result = shippingFee(name, subtotal, { global });
      const fees = global
        ? [method.fee_for_global]
        : [method.fee, ...method.fee_tiers.map((tier) => tier.fee), 0];
      if (result.ok) expect(fees).toContain(result.fee);
      else expect(global && !method.canGlobalShipping).toBe(true);
    },
  );
});
