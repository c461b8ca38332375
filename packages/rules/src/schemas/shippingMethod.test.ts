import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { yenArb } from '../../test/arbitraries';
import { shippingMethodSchema } from './shippingMethod';

// docs/spec.md §9: home delivery, tiers "up to 3499 fee 510; from 3500 fee 246; from 5000 free".
const homeDelivery = {
  typeName: 'home_delivery',
  verboseName: '宅配便',
  fee: 510,
  fee_for_global: 1000,
  fee_tiers: [
    { threshold: 0, fee: 510, attention: '' },
    { threshold: 3500, fee: 246, attention: '' },
    { threshold: 5000, fee: 0, attention: '' },
  ],
  isFreeThreshold: true,
  freeThreshold: 5000,
  hasOption: true,
  hasEconomicalShipping: false,
  canGlobalShipping: true,
};

describe('shippingMethodSchema', () => {
  test("accepts the spec's home delivery with fee_tiers and fee_for_global", () => {
    expect(shippingMethodSchema.parse(homeDelivery)).toEqual(homeDelivery);
  });
  test('rejects tiers out of ascending threshold order', () => {
    const reversed = { ...homeDelivery, fee_tiers: [...homeDelivery.fee_tiers].reverse() };
    expect(shippingMethodSchema.safeParse(reversed).success).toBe(false);
  });
  test('rejects a free threshold flag without a threshold', () => {
    expect(shippingMethodSchema.safeParse({ ...homeDelivery, freeThreshold: null }).success).toBe(
      false,
    );
  });
  test('rejects fractional or negative yen and camelCase feeTiers', () => {
    expect(shippingMethodSchema.safeParse({ ...homeDelivery, fee: 510.5 }).success).toBe(false);
    expect(shippingMethodSchema.safeParse({ ...homeDelivery, fee_for_global: -1 }).success).toBe(
      false,
    );
    const { fee_tiers, ...rest } = homeDelivery;
    expect(shippingMethodSchema.safeParse({ ...rest, feeTiers: fee_tiers }).success).toBe(false);
  });
});

describe('properties', () => {
  test.prop([fc.uniqueArray(yenArb, { maxLength: 5 })])(
    'accepts tiers exactly when their thresholds ascend strictly',
    (thresholds) => {
      const fee_tiers = thresholds.map((threshold) => ({ threshold, fee: 0, attention: '' }));
      const ascending = thresholds.every((t, i) => i === 0 || t > (thresholds[i - 1] ?? -1));
      expect(shippingMethodSchema.safeParse({ ...homeDelivery, fee_tiers }).success).toBe(
        ascending,
      );
    },
  );
});
