import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  dateOnlyArb,
  instantArb,
  isoWithOffset,
  jstMidnightOracle,
  nearInstantsArb,
  utcOffsetArb,
} from '../../test/arbitraries';
import { isReleased } from './isReleased';

describe('isReleased', () => {
  test('a date-only release is out from 00:00 JST on that day', () => {
    expect(isReleased('2026-12-01', new Date('2026-11-30T14:59:59.999Z'))).toBe(false);
    expect(isReleased('2026-12-01', new Date('2026-11-30T15:00:00Z'))).toBe(true);
  });
  test('a date-time release is out from that instant', () => {
    expect(isReleased('2026-12-01T10:00:00+09:00', new Date('2026-12-01T01:00:00Z'))).toBe(true);
    expect(isReleased('2026-12-01T10:00:00+09:00', new Date('2026-12-01T00:59:59Z'))).toBe(false);
  });
});

describe('properties', () => {
  test.prop([dateOnlyArb, instantArb])(
    'is host-TZ independent: a date-only day is out iff now >= 00:00 JST (UTC+9 oracle)',
    (day, now) => {
      expect(isReleased(day, now)).toBe(now >= jstMidnightOracle(day));
    },
  );
  test.prop([nearInstantsArb, utcOffsetArb])(
    'is offset-invariant: the same instant written with any offset gives the same answer',
    ({ now, other }, offset) => {
      expect(isReleased(isoWithOffset(other, offset), now)).toBe(isReleased(other, now));
      expect(isReleased(other, now)).toBe(other <= now);
    },
  );
});
