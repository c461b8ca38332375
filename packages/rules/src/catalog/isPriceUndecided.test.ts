import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { variationArb } from '../../test/arbitraries';
import { parseUnitPrice } from '../schemas/parseUnitPrice';
import { isPriceUndecided } from './isPriceUndecided';

describe('isPriceUndecided', () => {
  test('"can be reserved and its unit price is 0 or missing"', () => {
    expect(isPriceUndecided({ can_reserve: true, unit_price: '0' })).toBe(true);
    expect(isPriceUndecided({ can_reserve: true, unit_price: '0.00' })).toBe(true);
    expect(isPriceUndecided({ can_reserve: true, unit_price: '' })).toBe(true);
    expect(isPriceUndecided({ can_reserve: true, unit_price: null })).toBe(true);
    expect(isPriceUndecided({ can_reserve: true })).toBe(true);
  });
  test('a price, or no reservation, means decided', () => {
    expect(isPriceUndecided({ can_reserve: true, unit_price: '1100' })).toBe(false);
    expect(isPriceUndecided({ can_reserve: false, unit_price: '0' })).toBe(false);
    expect(isPriceUndecided({ can_reserve: false, unit_price: null })).toBe(false);
  });
});

describe('properties', () => {
  test.prop([variationArb])(
    'is can_reserve and a price of 0 or nothing (read through parseUnitPrice)',
    (variation) => {
      const price = parseUnitPrice(variation.unit_price);
      expect(isPriceUndecided(variation)).toBe(
        variation.can_reserve && (price === null || price === 0),
      );
    },
  );
});
