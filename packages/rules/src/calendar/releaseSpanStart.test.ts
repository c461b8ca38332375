import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  anyDayArb,
  impossibleDayArb,
  releaseDatePrecisionArb,
  releaseSpanEndOracle,
  releaseSpanStartOracle,
} from '../../test/arbitraries';
import { INVALID_DATE_MESSAGE } from '../_lib/assert';
import { releaseSpanStart } from './releaseSpanStart';

describe('releaseSpanStart', () => {
  test('stores a part of a month or a month as its first day, a day as itself', () => {
    expect(releaseSpanStart('2027-03-15', 'day')).toBe('2027-03-15');
    expect(releaseSpanStart('2027-03-10', 'month_part')).toBe('2027-03-01');
    expect(releaseSpanStart('2027-03-11', 'month_part')).toBe('2027-03-11');
    expect(releaseSpanStart('2027-03-20', 'month_part')).toBe('2027-03-11');
    expect(releaseSpanStart('2027-03-31', 'month_part')).toBe('2027-03-21');
    expect(releaseSpanStart('2028-02-29', 'month')).toBe('2028-02-01');
    expect(releaseSpanStart('0099-12-25', 'month_part')).toBe('0099-12-21');
  });
  test('takes a date-only day: a date-time or an impossible day throws', () => {
    expect(() => releaseSpanStart('2027-03-15T00:00:00+09:00', 'day')).toThrow(
      INVALID_DATE_MESSAGE,
    );
    expect(() => releaseSpanStart('2027-02-30', 'month')).toThrow(INVALID_DATE_MESSAGE);
    expect(() => releaseSpanStart('2027/03/15', 'month_part')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('properties', () => {
  test.prop([anyDayArb, releaseDatePrecisionArb])(
    "is the span's first day: 1, 11 or 21 of a part of a month, 1 of a month (calendar oracle)",
    (day, precision) => {
      expect(releaseSpanStart(day, precision)).toBe(releaseSpanStartOracle(day, precision));
    },
  );
  test.prop([anyDayArb, releaseDatePrecisionArb])(
    'is idempotent: the start of a stored release is itself',
    (day, precision) => {
      const start = releaseSpanStart(day, precision);
      expect(releaseSpanStart(start, precision)).toBe(start);
    },
  );
  test.prop([anyDayArb, releaseDatePrecisionArb])(
    'keeps the day in its span: start <= day <= the last day of the span',
    (day, precision) => {
      const start = releaseSpanStart(day, precision);
      expect(start <= day).toBe(true);
      expect(day <= releaseSpanEndOracle(start, precision)).toBe(true);
    },
  );
  test.prop([anyDayArb, anyDayArb, releaseDatePrecisionArb])(
    'is monotonic: a later day is never stored before an earlier one',
    (a, b, precision) => {
      const [early, late] = [a, b].sort();
      expect(
        releaseSpanStart(early as string, precision) <= releaseSpanStart(late as string, precision),
      ).toBe(true);
    },
  );
  test.prop([impossibleDayArb, releaseDatePrecisionArb])(
    'throws on an impossible day at every precision',
    (day, precision) => {
      expect(() => releaseSpanStart(day, precision)).toThrow(INVALID_DATE_MESSAGE);
    },
  );
});
