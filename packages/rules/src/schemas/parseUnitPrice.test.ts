import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { unitPriceArb, yenArb } from '../../test/arbitraries';
import { parseUnitPrice, safeParseUnitPrice } from './parseUnitPrice';

describe('parseUnitPrice', () => {
  test('reads the wire numeric string ("unit_price (numeric string)") as integer yen', () => {
    expect(parseUnitPrice('1100')).toBe(1100);
    expect(parseUnitPrice('0')).toBe(0);
  });
  test('reads a decimal-field form with a zero fraction', () => {
    expect(parseUnitPrice('1100.00')).toBe(1100);
    expect(parseUnitPrice('1100.0')).toBe(1100);
  });
  test('gives null for a missing price (null, undefined, empty string)', () => {
    expect(parseUnitPrice(null)).toBeNull();
    expect(parseUnitPrice(undefined)).toBeNull();
    expect(parseUnitPrice('')).toBeNull();
  });
  test('accepts an integer from storage', () => {
    expect(parseUnitPrice(1100)).toBe(1100);
  });
  test.each(['1,100', '1100.5', '-100', ' 1100', '1e3', 'abc', '.5', '1100.'])(
    'throws a TypeError on the malformed value %j',
    (value) => {
      expect(() => parseUnitPrice(value)).toThrow(TypeError);
    },
  );
  test.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])(
    'throws a TypeError on the non-yen number %d',
    (value) => {
      expect(() => parseUnitPrice(value)).toThrow(TypeError);
    },
  );
});

describe('safeParseUnitPrice', () => {
  test('returns a typed failure instead of throwing', () => {
    expect(safeParseUnitPrice('1100.5')).toEqual({ ok: false, reason: 'invalid_unit_price' });
    expect(safeParseUnitPrice('980')).toEqual({ ok: true, yen: 980 });
    expect(safeParseUnitPrice('')).toEqual({ ok: true, yen: null });
  });
});

describe('properties', () => {
  test.prop([yenArb])('round-trips: parseUnitPrice(String(n)) equals n', (n) => {
    expect(parseUnitPrice(String(n))).toBe(n);
    expect(parseUnitPrice(`${n}.00`)).toBe(n);
  });
  test.prop([unitPriceArb])('gives integer yen or null for every wire value', (value) => {
    const yen = parseUnitPrice(value);
    expect(yen === null || (Number.isSafeInteger(yen) && yen >= 0)).toBe(true);
  });
  test.prop([fc.string()])('never throws in its safe form', (value) => {
    const result = safeParseUnitPrice(value);
    expect(typeof result.ok).toBe('boolean');
    if (result.ok && result.yen !== null) expect(Number.isSafeInteger(result.yen)).toBe(true);
  });
});
