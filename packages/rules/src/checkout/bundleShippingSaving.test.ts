import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { shippingMethodNameArb, yenArb } from '../../test/arbitraries';
import { bundleShippingSaving } from './bundleShippingSaving';
import { shippingFee } from './shippingFee';

describe('bundleShippingSaving', () => {
  test('charges shipping once on the combined subtotal, reaching the free threshold', () => {
    expect(bundleShippingSaving([{ subtotal: 2000 }, { subtotal: 3200 }], 'home_delivery')).toEqual(
      {
        ok: true,
        combinedSubtotal: 5200,
        separateShippingFee: 1020,
        bundledShippingFee: 0,
        saving: 1020,
      },
    );
  });
  test('saves one flat fee per merged order with ゆうパケット', () => {
    const orders = [{ subtotal: 500 }, { subtotal: 700 }, { subtotal: 900 }];
    expect(bundleShippingSaving(orders, 'yu_packet')).toMatchObject({
      ok: true,
      bundledShippingFee: 320,
      saving: 640,
    });
  });
  test('fails for no orders, and for a method that cannot ship abroad', () => {
    expect(bundleShippingSaving([], 'home_delivery')).toEqual({
      ok: false,
      reason: 'empty_bundle',
    });
    expect(bundleShippingSaving([{ subtotal: 100 }], 'yu_packet', { global: true })).toEqual({
      ok: false,
      reason: 'shipping_not_available_overseas',
    });
  });
});

describe('properties', () => {
  test.prop([
    fc.array(yenArb, { minLength: 1, maxLength: 6 }),
    shippingMethodNameArb,
    fc.boolean(),
  ])(
    "never costs more: the bundled fee is at most the separate fees, and equals one shipment's fee",
    (subtotals, shipping, global) => {
      const result = bundleShippingSaving(
        subtotals.map((subtotal) => ({ subtotal })),
        shipping,
        { global },
      );
      if (!result.ok) return;
      const combined = subtotals.reduce((sum, subtotal) => sum + subtotal, 0);
      expect(result.combinedSubtotal).toBe(combined);
      expect(shippingFee(shipping, combined, { global })).toEqual({
        ok: true,
        fee: result.bundledShippingFee,
      });
      expect(result.saving).toBe(result.separateShippingFee - result.bundledShippingFee);
      expect(result.saving).toBeGreaterThanOrEqual(0);
    },
  );
});
