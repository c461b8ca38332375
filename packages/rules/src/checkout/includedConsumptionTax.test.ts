import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { yenArb } from '../../test/arbitraries';
import { CONSUMPTION_TAX_PERCENT, includedConsumptionTax } from './includedConsumptionTax';

describe('includedConsumptionTax', () => {
  test('the tax in a 税込 amount at 10 %, rounded down', () => {
    expect(CONSUMPTION_TAX_PERCENT).toBe(10);
    expect(includedConsumptionTax(1100)).toBe(100);
    expect(includedConsumptionTax(4228)).toBe(384);
    expect(includedConsumptionTax(10)).toBe(0);
    expect(includedConsumptionTax(11)).toBe(1);
    expect(includedConsumptionTax(0)).toBe(0);
  });
  test('throws on an amount that is not a non-negative integer', () => {
    expect(() => includedConsumptionTax(-1)).toThrow(TypeError);
    expect(() => includedConsumptionTax(1.5)).toThrow(TypeError);
  });
});

describe('properties', () => {
  test.prop([yenArb])(
    'is the largest whole yen whose tax-excluded price times 1.1 fits: tax × 11 ≤ amount < (tax + 1) × 11',
    (amount) => {
      const tax = includedConsumptionTax(amount);
      expect(tax * 11).toBeLessThanOrEqual(amount);
      expect((tax + 1) * 11).toBeGreaterThan(amount);
    },
  );
  test.prop([yenArb, yenArb])('is monotonic: a larger amount never contains less tax', (a, b) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    expect(includedConsumptionTax(low)).toBeLessThanOrEqual(includedConsumptionTax(high));
  });
});
