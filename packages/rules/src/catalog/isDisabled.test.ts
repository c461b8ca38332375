import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  dateOnlyArb,
  instantArb,
  jstMidnightOracle,
  nearInstantsArb,
} from '../../test/arbitraries';
import { isDisabled } from './isDisabled';

describe('isDisabled', () => {
  test('"disabled while disabled_before is in the future"', () => {
    const product = { disabled_before: '2026-12-01T10:00:00+09:00' };
    expect(isDisabled(product, new Date('2026-12-01T09:59:59+09:00'))).toBe(true);
    expect(isDisabled(product, new Date('2026-12-01T10:00:00+09:00'))).toBe(false);
  });
  test('a date-only disabled_before lifts at 00:00 JST of that day', () => {
    const product = { disabled_before: '2026-12-01' };
    expect(isDisabled(product, new Date('2026-11-30T14:59:59.999Z'))).toBe(true);
    expect(isDisabled(product, new Date('2026-11-30T15:00:00Z'))).toBe(false);
  });
  test('never disabled without disabled_before', () => {
    expect(isDisabled({ disabled_before: null }, new Date('2026-12-01T00:00:00Z'))).toBe(false);
    expect(isDisabled({}, new Date('2026-12-01T00:00:00Z'))).toBe(false);
  });
});

describe('properties', () => {
  test.prop([nearInstantsArb])(
    'is exact at a date-time: disabled iff now is before disabled_before',
    ({ now, other }) => {
      expect(isDisabled({ disabled_before: other.toISOString() }, now)).toBe(now < other);
    },
  );
  test.prop([dateOnlyArb, instantArb])(
    'is JST-exact for a date-only value: disabled iff now is before 00:00 JST (UTC+9 oracle)',
    (day, now) => {
      expect(isDisabled({ disabled_before: day }, now)).toBe(now < jstMidnightOracle(day));
    },
  );
});
