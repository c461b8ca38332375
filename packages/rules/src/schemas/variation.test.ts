import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { variationArb } from '../../test/arbitraries';
import { variationSchema } from './variation';

const limited = {
  in_stock: true,
  unit_price: '1100',
  point_value: 11,
  can_reserve: true,
  reservation_type: 'UNRELEASED',
};

describe('variationSchema', () => {
  test('accepts the spec\'s fields with "unit_price (numeric string)"', () => {
    expect(variationSchema.parse(limited)).toEqual(limited);
  });
  test('rejects a numeric unit_price, a fractional point value and a missing field', () => {
    expect(variationSchema.safeParse({ ...limited, unit_price: 1100 }).success).toBe(false);
    expect(variationSchema.safeParse({ ...limited, point_value: 1.5 }).success).toBe(false);
    const { in_stock: _, ...withoutStock } = limited;
    expect(variationSchema.safeParse(withoutStock).success).toBe(false);
  });
  test('can be extended by the API with its own fields', () => {
    const apiVariation = variationSchema.extend({ name: variationSchema.shape.unit_price });
    expect(apiVariation.parse({ ...limited, name: '2000' }).name).toBe('2000');
  });
});

describe('properties', () => {
  test.prop([variationArb])('accepts every wire variation unchanged', (variation) => {
    expect(variationSchema.parse(variation)).toEqual(variation);
  });
});
