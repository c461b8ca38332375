import { describe, expect, test } from 'vitest';
import { addDays, dayOfWeek, lastDayOfMonth } from './days';

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
