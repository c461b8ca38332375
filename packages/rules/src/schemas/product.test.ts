import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { productArb } from '../../test/arbitraries';
import { productSchema } from './product';

const product = {
  variations: [
    {
      in_stock: true,
      unit_price: '1100',
      point_value: 11,
      can_reserve: true,
      reservation_type: 'UNRELEASED',
    },
  ],
  reservation_type: null,
  sell_start_date: '2026-12-01',
  expected_restock_date: null,
  disabled_before: '2026-11-01T10:00:00+09:00',
  has_bonus: true,
  bonus_content: '特製ブックカバー',
  benefits: [
    {
      title: '描き下ろしイラストカード',
      available_max_num: 100,
      distributed: true,
      expiry_date: null,
    },
  ],
};

describe('productSchema', () => {
  test("accepts the spec's product fields", () => {
    expect(productSchema.parse(product)).toEqual(product);
  });
  test('validates nested variations and benefits', () => {
    const badVariation = {
      ...product,
      variations: [{ ...product.variations[0], unit_price: 'x' }],
    };
    expect(productSchema.safeParse(badVariation).success).toBe(false);
    const badBenefit = { ...product, benefits: [{ ...product.benefits[0], distributed: 'yes' }] };
    expect(productSchema.safeParse(badBenefit).success).toBe(false);
  });
  test('rejects a malformed date and a missing field', () => {
    expect(productSchema.safeParse({ ...product, sell_start_date: '12/01' }).success).toBe(false);
    const { benefits: _, ...withoutBenefits } = product;
    expect(productSchema.safeParse(withoutBenefits).success).toBe(false);
  });
  test('can be extended by the API with slug and title', () => {
    const apiProductSchema = productSchema.extend({ slug: z.string(), title: z.string() });
    const parsed = apiProductSchema.parse({ ...product, slug: 'kimetsu-1', title: '鬼滅の刃 1' });
    expect(parsed.slug).toBe('kimetsu-1');
    expect(apiProductSchema.safeParse(product).success).toBe(false);
  });
});

describe('properties', () => {
  test.prop([productArb])('accepts every wire product unchanged', (value) => {
    expect(productSchema.parse(value)).toEqual(value);
  });
});
