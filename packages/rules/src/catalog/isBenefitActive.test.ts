import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  benefitArb,
  dateOnlyArb,
  instantArb,
  jstMidnightOracle,
  jstOracle,
  nearInstantsArb,
} from '../../test/arbitraries';
import { isBenefitActive } from './isBenefitActive';

const benefit = { available_max_num: 100, distributed: true, expiry_date: null };
const now = new Date('2026-12-01T12:00:00+09:00');

describe('isBenefitActive', () => {
  test('"active only if available_max_num and distributed are truthy"', () => {
    expect(isBenefitActive(benefit, now)).toBe(true);
    expect(isBenefitActive({ ...benefit, available_max_num: 0 }, now)).toBe(false);
    expect(isBenefitActive({ ...benefit, available_max_num: null }, now)).toBe(false);
    expect(isBenefitActive({ ...benefit, distributed: false }, now)).toBe(false);
  });
  test('"and it has no expiry or the expiry is in the future"', () => {
    expect(isBenefitActive({ ...benefit, expiry_date: '2026-12-01T12:00:01+09:00' }, now)).toBe(
      true,
    );
    expect(isBenefitActive({ ...benefit, expiry_date: '2026-12-01T12:00:00+09:00' }, now)).toBe(
      false,
    );
  });
  test('a date-only expiry is valid through that whole JST day', () => {
    const card = { ...benefit, expiry_date: '2026-12-31' };
    expect(isBenefitActive(card, new Date('2026-12-31T14:59:59.999Z'))).toBe(true);
    expect(isBenefitActive(card, new Date('2026-12-31T15:00:00Z'))).toBe(false);
    expect(isBenefitActive(card, new Date('2026-12-30T15:00:00Z'))).toBe(true);
  });
});

describe('properties', () => {
  test.prop([benefitArb, instantArb])(
    'needs both flags: false whenever available_max_num or distributed is falsy',
    (b, at) => {
      if (!b.available_max_num || !b.distributed) expect(isBenefitActive(b, at)).toBe(false);
    },
  );
  test.prop([fc.integer({ min: 1, max: 500 }), instantArb])(
    'never expires without an expiry date',
    (available_max_num, at) => {
      expect(isBenefitActive({ available_max_num, distributed: true, expiry_date: null }, at)).toBe(
        true,
      );
    },
  );
  test.prop([dateOnlyArb, fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 })])(
    'is JST-day exact for a date-only expiry: active iff the JST day of now is not after it (UTC+9 oracle)',
    (expiry, delta) => {
      const at = new Date(jstMidnightOracle(expiry).getTime() + delta);
      expect(isBenefitActive({ ...benefit, expiry_date: expiry }, at)).toBe(
        jstOracle(at).date <= expiry,
      );
    },
  );
  test.prop([nearInstantsArb])(
    'expires at a date-time expiry exactly: active iff now is before it',
    ({ now: at, other }) => {
      expect(isBenefitActive({ ...benefit, expiry_date: other.toISOString() }, at)).toBe(
        at < other,
      );
    },
  );
});
