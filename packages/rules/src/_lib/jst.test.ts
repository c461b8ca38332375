import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb } from '../../test/arbitraries';
import { jstCalendarDay, jstDateString, startOfJstDay, toInstant } from './jst';

describe('toInstant', () => {
  test('reads a date-only string as the start of that JST day', () => {
    expect(toInstant('2026-12-01').toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });
  test('reads a date-time without an offset as Japan wall-clock time, whatever the host TZ', () => {
    expect(toInstant('2026-12-01T10:00:00').toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });
  test('keeps the offset of a date-time that has one', () => {
    expect(toInstant('2026-12-01T10:00:00Z').toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });
  test('throws on an invalid date or an impossible calendar day', () => {
    expect(() => toInstant('not a date')).toThrow(TypeError);
    expect(() => toInstant('2026-02-30')).toThrow(TypeError);
  });
  test('gives the JST calendar day of a UTC instant', () => {
    expect(jstCalendarDay('2026-11-30T15:00:00Z')).toEqual({ year: 2026, month: 12, day: 1 });
  });
});

describe('properties', () => {
  test.prop([instantArb])(
    'startOfJstDay is at most 24 hours before and on the same JST day',
    (d) => {
      const start = startOfJstDay(d);
      expect(d.getTime() - start.getTime()).toBeGreaterThanOrEqual(0);
      expect(d.getTime() - start.getTime()).toBeLessThan(24 * 3600 * 1000);
      expect(jstDateString(start)).toBe(jstDateString(d));
    },
  );
});
