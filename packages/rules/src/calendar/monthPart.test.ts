import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  acceptedIsoArb,
  daysOfMonth,
  instantArb,
  isoWithOffset,
  jstMidnightOracle,
  jstOracle,
  nonIsoDateStringArb,
  utcOffsetArb,
  yearMonthArb,
} from '../../test/arbitraries';
import { INVALID_DATE_MESSAGE } from '../_lib/assert';
import { MONTH_PARTS, type MonthPart, monthPart } from './monthPart';

const oraclePart = (day: number): MonthPart =>
  day <= 10 ? 'early' : day <= 20 ? 'middle' : 'late';

describe('monthPart', () => {
  test('"split at day 10 and day 20": 1-10 early, 11-20 middle, 21-end late', () => {
    expect(monthPart('2026-11-01')).toBe('early');
    expect(monthPart('2026-11-10')).toBe('early');
    expect(monthPart('2026-11-11')).toBe('middle');
    expect(monthPart('2026-11-20')).toBe('middle');
    expect(monthPart('2026-11-21')).toBe('late');
    expect(monthPart('2026-11-30')).toBe('late');
    expect(monthPart('2026-12-31')).toBe('late');
    expect(monthPart('2028-02-29')).toBe('late');
  });
  test('uses the JST day, not the UTC day', () => {
    expect(monthPart('2026-11-10T14:59:59Z')).toBe('early');
    expect(monthPart('2026-11-10T15:00:00Z')).toBe('middle');
    expect(monthPart(new Date('2026-11-20T15:00:00Z'))).toBe('late');
  });
  test('reads a space-separated date-time as Japan wall-clock time, and throws on non-ISO text', () => {
    expect(monthPart('2026-11-30 23:00')).toBe('late');
    expect(monthPart('2026-11-10 23:30')).toBe('early');
    expect(() => monthPart('2026/11/10 23:30')).toThrow(INVALID_DATE_MESSAGE);
    expect(() => monthPart('2026-12')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('properties', () => {
  test.prop([acceptedIsoArb])(
    'is host-TZ independent for strings: every accepted ISO form gives the part of its instant',
    ({ text, instant }) => {
      expect(monthPart(text)).toBe(oraclePart(jstOracle(instant).day));
    },
  );
  test.prop([nonIsoDateStringArb])('throws on a string in no accepted ISO form', (text) => {
    expect(() => monthPart(text)).toThrow(INVALID_DATE_MESSAGE);
  });
  test.prop([instantArb])(
    'is host-TZ independent: the part of the UTC+9 oracle day of the instant',
    (instant) => {
      expect(monthPart(instant)).toBe(oraclePart(jstOracle(instant).day));
    },
  );
  test.prop([instantArb, utcOffsetArb])(
    'is offset-invariant: the same instant written with any offset gives the same part',
    (instant, offset) => {
      expect(monthPart(isoWithOffset(instant, offset))).toBe(monthPart(instant));
    },
  );
  test.prop([yearMonthArb])(
    'is monotonic through a month: early, then middle, then late, never back',
    ({ year, month }) => {
      const ranks = daysOfMonth(year, month).map((day) => MONTH_PARTS.indexOf(monthPart(day)));
      expect(ranks[0]).toBe(0);
      expect(ranks.at(-1)).toBe(2);
      for (let i = 1; i < ranks.length; i++) {
        expect(ranks[i]).toBeGreaterThanOrEqual(ranks[i - 1] ?? 0);
      }
    },
  );
  test.prop([
    yearMonthArb,
    fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  ])(
    'is monotonic in time: a later instant in the same JST month is never in an earlier part',
    ({ year, month }, x, y) => {
      const days = daysOfMonth(year, month);
      const start = jstMidnightOracle(days[0] ?? '').getTime();
      const length = days.length * 86_400_000;
      const [early, late] = [x, y]
        .sort((p, q) => p - q)
        .map((f) => new Date(start + Math.floor(f * length)));
      expect(MONTH_PARTS.indexOf(monthPart(early as Date))).toBeLessThanOrEqual(
        MONTH_PARTS.indexOf(monthPart(late as Date)),
      );
    },
  );
});
