import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { shippingMethodNameArb, yenArb } from '../../test/arbitraries';
import { customShippingMethod } from '../../test/fixtures';
import { shippingFee } from './shippingFee';
import { shippingFeeOutlook } from './shippingFeeOutlook';

const fee = (name: 'home_delivery' | 'yu_packet', subtotal: number) => {
  const result = shippingFee(name, subtotal);
  if (!result.ok) throw new Error(result.reason);
  return result.fee;
};

describe('shippingFeeOutlook', () => {
  test('home delivery: the tier fee, its note, and the way to the next tier', () => {
    expect(shippingFeeOutlook('home_delivery', 1000)).toEqual({
      fee: 510,
      attention: '3,500円以上のご注文で送料246円、5,000円以上で送料無料',
      next: { threshold: 3500, fee: 246, shortfall: 2500 },
    });
    expect(shippingFeeOutlook('home_delivery', 3800)).toEqual({
      fee: 246,
      attention: '5,000円以上のご注文で送料無料',
      next: { threshold: 5000, fee: 0, shortfall: 1200 },
    });
    expect(shippingFeeOutlook('home_delivery', 5000)).toEqual({
      fee: 0,
      attention: '',
      next: null,
    });
  });
  test('ゆうパケット: a flat fee, no note, nothing cheaper', () => {
    expect(shippingFeeOutlook('yu_packet', 1000)).toEqual({ fee: 320, attention: '', next: null });
  });
  test('a free threshold below a tier is the next step (read by the fields, not the name)', () => {
    const method = customShippingMethod(8000, 4000);
    expect(shippingFeeOutlook(method, 100).next).toEqual({
      threshold: 4000,
      fee: 0,
      shortfall: 3900,
    });
  });
});

describe('properties', () => {
  test.prop([shippingMethodNameArb, yenArb])(
    'agrees with checkout: the fee is shippingFee of the subtotal',
    (name, subtotal) => {
      expect(shippingFeeOutlook(name, subtotal).fee).toBe(fee(name, subtotal));
    },
  );
  test.prop([shippingMethodNameArb, yenArb, fc.nat()])(
    'is the nearest cheaper step: buying the shortfall gets the next fee, anything less does not',
    (name, subtotal, seed) => {
      const { fee: now, next } = shippingFeeOutlook(name, subtotal);
      if (next === null) {
        // Nothing cheaper at any larger subtotal.
        expect(fee(name, subtotal + 10_000_000)).toBe(now);
        return;
      }
      expect(next.shortfall).toBeGreaterThan(0);
      expect(next.threshold).toBe(subtotal + next.shortfall);
      expect(fee(name, next.threshold)).toBe(next.fee);
      expect(next.fee).toBeLessThan(now);
      const short = subtotal + (seed % next.shortfall);
      expect(fee(name, short)).toBe(now);
    },
  );
});
