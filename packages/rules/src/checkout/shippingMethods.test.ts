import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { shippingMethodSchema } from '../schemas/shippingMethod';
import { shippingMethod } from './shippingMethod';
import { SHIPPING_METHOD_NAMES, SHIPPING_METHODS } from './shippingMethods';

describe('SHIPPING_METHODS', () => {
  test("home delivery (宅配便) carries the spec's figures", () => {
    expect(shippingMethod('home_delivery')).toEqual({
      typeName: 'home_delivery',
      verboseName: '宅配便',
      fee: 510,
      fee_for_global: 1000,
      fee_tiers: [
        { threshold: 0, fee: 510, attention: expect.any(String) },
        { threshold: 3500, fee: 246, attention: expect.any(String) },
        { threshold: 5000, fee: 0, attention: '' },
      ],
      isFreeThreshold: true,
      freeThreshold: 5000,
      hasOption: true,
      hasEconomicalShipping: false,
      canGlobalShipping: true,
      parcelLimit: null,
    });
  });
  test('yu-packet (ゆうパケット): "fee 320, overseas 0, no tiers, no free threshold, economical yes, global no"', () => {
    expect(shippingMethod('yu_packet')).toMatchObject({
      verboseName: 'ゆうパケット',
      fee: 320,
      fee_for_global: 0,
      fee_tiers: [],
      isFreeThreshold: false,
      hasEconomicalShipping: true,
      canGlobalShipping: false,
    });
  });
  test('home delivery words its attention notes from the tiers above each', () => {
    expect(shippingMethod('home_delivery').fee_tiers.map((tier) => tier.attention)).toEqual([
      '3,500円以上のご注文で送料246円、5,000円以上で送料無料',
      '5,000円以上のご注文で送料無料',
      '',
    ]);
  });
  test('every method is valid under shippingMethodSchema', () => {
    for (const method of SHIPPING_METHODS)
      expect(method).toMatchObject(shippingMethodSchema.parse(method));
  });
  test('lists the methods in SHIPPING_METHOD_NAMES order', () => {
    expect(SHIPPING_METHODS.map((method) => method.typeName)).toEqual([...SHIPPING_METHOD_NAMES]);
  });
});

describe('shippingMethod', () => {
  test('gives null for an unknown name', () => {
    expect(shippingMethod('drone')).toBeNull();
    expect(shippingMethod('')).toBeNull();
  });
});

describe('properties', () => {
  test('ships free from freeThreshold: a method with one has its last tier free from exactly there', () => {
    for (const method of SHIPPING_METHODS) {
      if (!method.isFreeThreshold) continue;
      expect(method.fee_tiers.at(-1)).toMatchObject({ threshold: method.freeThreshold, fee: 0 });
    }
  });
  test('is a lookup: shippingMethod(method.typeName) is the method', () => {
    for (const method of SHIPPING_METHODS) {
      expect(shippingMethod(method.typeName)).toBe(method);
    }
  });
  test.prop([fc.string()])('knows only its names: any other string gives null', (name) => {
    fc.pre(!(SHIPPING_METHOD_NAMES as readonly string[]).includes(name));
    expect(shippingMethod(name)).toBeNull();
  });
});
