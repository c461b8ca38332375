import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { benefitArb, instantArb } from '../../test/arbitraries';
import { activeBenefits } from './activeBenefits';
import { isBenefitActive } from './isBenefitActive';

const now = new Date('2026-12-01T12:00:00+09:00');
const card = {
  title: 'イラストカード',
  available_max_num: 100,
  distributed: true,
  expiry_date: null,
};
const bookmark = { title: 'しおり', available_max_num: 0, distributed: true, expiry_date: null };
const expired = { ...card, title: '複製原画', expiry_date: '2026-11-30' };

describe('activeBenefits', () => {
  test('keeps only the active benefits, in order', () => {
    expect(activeBenefits({ benefits: [bookmark, card, expired] }, now)).toEqual([card]);
  });
  test('gives [] for a product without benefits', () => {
    expect(activeBenefits({ benefits: [] }, now)).toEqual([]);
    expect(activeBenefits({ benefits: null }, now)).toEqual([]);
    expect(activeBenefits({}, now)).toEqual([]);
  });
});

describe('properties', () => {
  test.prop([fc.array(benefitArb, { maxLength: 6 }), instantArb])(
    'is a filter: exactly the benefits isBenefitActive accepts, in their order',
    (benefits, at) => {
      expect(activeBenefits({ benefits }, at)).toEqual(
        benefits.filter((b) => isBenefitActive(b, at)),
      );
    },
  );
});
