import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { benefitArb } from '../../test/arbitraries';
import { benefitSchema } from './benefit';

const card = {
  title: '描き下ろしイラストカード',
  available_max_num: 100,
  distributed: true,
  expiry_date: '2026-12-31',
};

describe('benefitSchema', () => {
  test('accepts the spec\'s fields "title, available_max_num, distributed, expiry_date"', () => {
    expect(benefitSchema.parse(card)).toEqual(card);
    expect(benefitSchema.parse({ ...card, expiry_date: null, available_max_num: null })).toEqual({
      ...card,
      expiry_date: null,
      available_max_num: null,
    });
  });
  test('rejects a negative or fractional count, a non-boolean flag and a missing field', () => {
    expect(benefitSchema.safeParse({ ...card, available_max_num: -1 }).success).toBe(false);
    expect(benefitSchema.safeParse({ ...card, available_max_num: 1.5 }).success).toBe(false);
    expect(benefitSchema.safeParse({ ...card, distributed: 1 }).success).toBe(false);
    const { expiry_date: _, ...withoutExpiry } = card;
    expect(benefitSchema.safeParse(withoutExpiry).success).toBe(false);
  });
  test('rejects an offset-less expiry date-time', () => {
    expect(benefitSchema.safeParse({ ...card, expiry_date: '2026-12-31T23:59:59' }).success).toBe(
      false,
    );
  });
});

describe('properties', () => {
  test.prop([benefitArb])('accepts every wire benefit unchanged', (benefit) => {
    expect(benefitSchema.parse(benefit)).toEqual(benefit);
  });
});
