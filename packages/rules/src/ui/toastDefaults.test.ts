import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { BREAKPOINTS } from '../media/breakpoints';
import { TOAST_DEFAULTS } from './toastDefaults';

describe('TOAST_DEFAULTS', () => {
  test("are the spec's: 5000 ms, 5 at once, 16 px gap, 24rem from sm up, bottom-right", () => {
    expect(TOAST_DEFAULTS).toEqual({
      duration: 5000,
      limit: 5,
      gap: 16,
      width: '24rem',
      widthFrom: 'sm',
      position: 'bottom-right',
    });
    expect(BREAKPOINTS[TOAST_DEFAULTS.widthFrom]).toBe(640);
  });
});

describe('properties', () => {
  test('are whole positive numbers: milliseconds, a count and pixels', () => {
    for (const key of ['duration', 'limit', 'gap'] as const) {
      expect(Number.isInteger(TOAST_DEFAULTS[key])).toBe(true);
      expect(TOAST_DEFAULTS[key]).toBeGreaterThan(0);
    }
  });
});
