import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { anyDayArb } from '../../test/arbitraries';
import { addDays, dayOfWeek, lastDayOfMonth } from './days';

const stepArb = fc.integer({ min: -1000, max: 1000 });

describe('day counting', () => {
  test('adds and subtracts days across months, years and leap days', () => {
    expect(addDays('2026-11-20', 0)).toBe('2026-11-20');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-19', -364)).toBe('2025-11-20');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });
  test('names the day of the week and the last day of the month', () => {
    expect(dayOfWeek('2026-11-20')).toBe(5);
    expect(dayOfWeek('2026-11-16')).toBe(1);
    expect(lastDayOfMonth('2026-11-20')).toBe('2026-11-30');
    expect(lastDayOfMonth('2028-02-01')).toBe('2028-02-29');
    expect(lastDayOfMonth('2100-02-28')).toBe('2100-02-28');
    expect(lastDayOfMonth('2026-01-31')).toBe('2026-01-31');
  });
});

describe('properties', () => {
  // anyDayArb spans years 1-9999, so these also hold for years 0-99 (Date.UTC would shift them).
  test.prop([anyDayArb, stepArb, stepArb])(
    'is additive: addDays(addDays(day, a), b) equals addDays(day, a + b)',
    (day, a, b) => {
      fc.pre(day > '0006' && day < '9994');
      expect(addDays(addDays(day, a), b)).toBe(addDays(day, a + b));
      expect(addDays(addDays(day, a), -a)).toBe(day);
    },
  );
  test.prop([anyDayArb])(
    'counts weekdays: the next day is the next weekday, and a week later is the same one',
    (day) => {
      fc.pre(day < '9999-12-23');
      expect(dayOfWeek(addDays(day, 1))).toBe((dayOfWeek(day) + 1) % 7);
      expect(dayOfWeek(addDays(day, 7))).toBe(dayOfWeek(day));
    },
  );
  test.prop([anyDayArb])(
    'ends months: the last day is in the same month and the day after it is a first',
    (day) => {
      fc.pre(day < '9999-12');
      const last = lastDayOfMonth(day);
      expect(last.slice(0, 7)).toBe(day.slice(0, 7));
      expect(last >= day).toBe(true);
      expect(addDays(last, 1).endsWith('-01')).toBe(true);
    },
  );
});
