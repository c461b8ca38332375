import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { wireDateArb } from '../../test/arbitraries';
import { isoDateSchema } from './isoDate';

describe('isoDateSchema', () => {
  test('accepts a date-only string (a JST calendar day)', () => {
    expect(isoDateSchema.parse('2026-12-01')).toBe('2026-12-01');
  });
  test('accepts date-times with Z or an offset', () => {
    expect(isoDateSchema.safeParse('2026-12-01T10:00:00Z').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-12-01T10:00:00.123+09:00').success).toBe(true);
  });
  test('rejects a date-time without an offset (it would be read in the host zone)', () => {
    expect(isoDateSchema.safeParse('2026-12-01T10:00:00').success).toBe(false);
  });
  test('rejects impossible days and non-ISO forms', () => {
    expect(isoDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2026/12/01').success).toBe(false);
    expect(isoDateSchema.safeParse('').success).toBe(false);
  });
});

describe('properties', () => {
  test.prop([wireDateArb])('accepts every wire date', (value) => {
    expect(isoDateSchema.safeParse(value).success).toBe(true);
  });
});
