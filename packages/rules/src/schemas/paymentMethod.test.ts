import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { paymentMethodSchema } from './paymentMethod';

// docs/spec.md §9: "Cash on delivery: fee 330 (代金引換手数料), free at 10000 and above".
const cashOnDelivery = {
  typeName: 'cash_on_delivery',
  verboseName: '代金引換',
  fee: 330,
  feeTitle: '代金引換手数料',
  isFreeThreshold: true,
  freeThreshold: 10000,
  isBundleUsable: false,
  canEconomicalShipping: false,
  canGlobalShipping: false,
  hasAttention: false,
};

describe('paymentMethodSchema', () => {
  test("accepts the spec's cash on delivery", () => {
    expect(paymentMethodSchema.parse(cashOnDelivery)).toEqual(cashOnDelivery);
  });
  test('rejects a free threshold flag without a threshold', () => {
    expect(paymentMethodSchema.safeParse({ ...cashOnDelivery, freeThreshold: null }).success).toBe(
      false,
    );
  });
  test('rejects a missing flag and fractional yen', () => {
    const { hasAttention: _, ...rest } = cashOnDelivery;
    expect(paymentMethodSchema.safeParse(rest).success).toBe(false);
    expect(paymentMethodSchema.safeParse({ ...cashOnDelivery, fee: 330.5 }).success).toBe(false);
  });
});

describe('properties', () => {
  test.prop([fc.boolean(), fc.option(fc.nat(), { nil: null })])(
    'accepts a free threshold flag exactly when the threshold is set or the flag is off',
    (isFreeThreshold, freeThreshold) => {
      const parsed = paymentMethodSchema.safeParse({
        ...cashOnDelivery,
        isFreeThreshold,
        freeThreshold,
      });
      expect(parsed.success).toBe(!isFreeThreshold || freeThreshold !== null);
    },
  );
});
