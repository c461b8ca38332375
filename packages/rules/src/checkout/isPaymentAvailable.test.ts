import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { paymentMethodNameArb, shippingMethodNameArb } from '../../test/arbitraries';
import { isPaymentAvailable } from './isPaymentAvailable';
import { paymentMethod } from './paymentMethod';
import { shippingMethod } from './shippingMethod';

describe('isPaymentAvailable', () => {
  test('"cash on delivery: no economical shipping" (ゆうパケット)', () => {
    expect(isPaymentAvailable('cash_on_delivery', { shipping: 'yu_packet' })).toEqual({
      ok: false,
      reason: 'payment_not_available_for_economical_shipping',
    });
    expect(isPaymentAvailable('cash_on_delivery', { shipping: 'home_delivery' })).toEqual({
      ok: true,
    });
  });
  test('every prepaid method may use ゆうパケット', () => {
    for (const name of ['credit_card', 'bank_transfer', 'yucho', 'full_points'] as const) {
      expect(isPaymentAvailable(name, { shipping: 'yu_packet' })).toEqual({ ok: true });
    }
  });
  test('overseas needs both methods to allow it', () => {
    expect(isPaymentAvailable('credit_card', { shipping: 'home_delivery', global: true })).toEqual({
      ok: true,
    });
    expect(isPaymentAvailable('full_points', { shipping: 'home_delivery', global: true })).toEqual({
      ok: true,
    });
    expect(isPaymentAvailable('credit_card', { shipping: 'yu_packet', global: true })).toEqual({
      ok: false,
      reason: 'shipping_not_available_overseas',
    });
    for (const name of ['bank_transfer', 'yucho', 'cash_on_delivery'] as const) {
      expect(isPaymentAvailable(name, { shipping: 'home_delivery', global: true })).toEqual({
        ok: false,
        reason: 'payment_not_available_overseas',
      });
    }
  });
  test('a bundle needs isBundleUsable: only the credit card (spec: "usable for bundles")', () => {
    expect(isPaymentAvailable('credit_card', { shipping: 'home_delivery', bundle: true })).toEqual({
      ok: true,
    });
    for (const name of ['bank_transfer', 'yucho', 'cash_on_delivery', 'full_points'] as const) {
      expect(isPaymentAvailable(name, { shipping: 'home_delivery', bundle: true })).toEqual({
        ok: false,
        reason: 'payment_not_available_for_bundle',
      });
    }
  });
});

describe('properties', () => {
  test.prop([paymentMethodNameArb, shippingMethodNameArb, fc.boolean(), fc.boolean()])(
    'follows the flags: available exactly when every flag the shipment needs is set',
    (payment, shipping, global, bundle) => {
      const pay = paymentMethod(payment);
      const ship = shippingMethod(shipping);
      const expected =
        (!global || (pay.canGlobalShipping && ship.canGlobalShipping)) &&
        (!ship.hasEconomicalShipping || pay.canEconomicalShipping) &&
        (!bundle || pay.isBundleUsable);
      expect(isPaymentAvailable(payment, { shipping, global, bundle }).ok).toBe(expected);
    },
  );
});
