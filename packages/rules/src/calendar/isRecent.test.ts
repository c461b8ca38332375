import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  dateOnlyArb,
  instantArb,
  isoWithOffset,
  jstOracle,
  spanMsArb,
  utcOffsetArb,
} from '../../test/arbitraries';
import { isRecent, RECENT_WINDOW_MS } from './isRecent';

const DAY = 86_400_000;
const now = new Date('2026-12-08T12:00:00+09:00');

describe('isRecent', () => {
  test('"recent if within 7 days": a date-time at most 7 days before now', () => {
    expect(isRecent('2026-12-08T12:00:00+09:00', now)).toBe(true);
    expect(isRecent('2026-12-05T00:00:00+09:00', now)).toBe(true);
    expect(isRecent('2026-12-01T12:00:00+09:00', now)).toBe(true);
    expect(isRecent('2026-12-01T11:59:59.999+09:00', now)).toBe(false);
  });
  test('a future date is not recent', () => {
    expect(isRecent('2026-12-08T12:00:00.001+09:00', now)).toBe(false);
    expect(isRecent('2026-12-09', now)).toBe(false);
  });
  test('a date-only value is recent on its JST day and the 7 days after', () => {
    expect(isRecent('2026-12-08', now)).toBe(true);
    expect(isRecent('2026-12-01', now)).toBe(true);
    expect(isRecent('2026-11-30', now)).toBe(false);
    expect(isRecent('2026-12-01', new Date('2026-12-08T23:59:59.999+09:00'))).toBe(true);
    expect(isRecent('2026-12-01', new Date('2026-12-09T00:00:00+09:00'))).toBe(false);
  });
});

function daysBetween(a: string, b: string): number {
  return (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY;
}

describe('properties', () => {
  test.prop([instantArb, spanMsArb])(
    'is false for anything more than 7 days old, and for the future; true in between',
    (at, span) => {
      const date = new Date(at.getTime() - span);
      expect(isRecent(date, at)).toBe(span >= 0 && span <= RECENT_WINDOW_MS);
    },
  );
  test.prop([instantArb, spanMsArb, utcOffsetArb])(
    'is offset-invariant: the same instant written with any offset gives the same answer',
    (at, span, offset) => {
      const date = new Date(at.getTime() - span);
      expect(isRecent(isoWithOffset(date, offset), at)).toBe(isRecent(date, at));
    },
  );
  test.prop([dateOnlyArb, instantArb])(
    'is host-TZ independent for a JST day: recent iff 0 to 7 days before the UTC+9 oracle day',
    (day, at) => {
      const age = daysBetween(day, jstOracle(at).date);
      expect(isRecent(day, at)).toBe(age >= 0 && age <= 7);
    },
  );
});
