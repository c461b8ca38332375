import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { unitPriceArb } from '../../test/arbitraries';
import { safeParseUnitPrice } from './parseUnitPrice';
import { unitPriceSchema } from './unitPrice';

describe('unitPriceSchema', () => {
  test('keeps the wire numeric string as it is', () => {
    expect(unitPriceSchema.parse('1100')).toBe('1100');
    expect(unitPriceSchema.parse('')).toBe('');
    expect(unitPriceSchema.parse(null)).toBeNull();
  });
  test('rejects a number (the wire carries a string), a fraction of a yen and a grouped string', () => {
    expect(unitPriceSchema.safeParse(1100).success).toBe(false);
    expect(unitPriceSchema.safeParse('1100.5').success).toBe(false);
    expect(unitPriceSchema.safeParse('1,100').success).toBe(false);
  });
});

describe('properties', () => {
  test.prop([unitPriceArb])('accepts every wire unit price', (value) => {
    expect(unitPriceSchema.safeParse(value).success).toBe(true);
  });
  test.prop([fc.string()])(
    'agrees with safeParseUnitPrice: accepted exactly when the price parses',
    (value) => {
      expect(unitPriceSchema.safeParse(value).success).toBe(safeParseUnitPrice(value).ok);
    },
  );
});
