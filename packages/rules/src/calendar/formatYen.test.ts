import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { yenArb } from '../../test/arbitraries';
import { formatCount, formatYen, NON_INTEGER_COUNT_MESSAGE } from './formatYen';

describe('formatYen', () => {
  test("'1,100円' with half-width commas every three digits", () => {
    expect(formatYen(1100)).toBe('1,100円');
    expect(formatYen(0)).toBe('0円');
    expect(formatYen(999)).toBe('999円');
    expect(formatYen(1000)).toBe('1,000円');
    expect(formatYen(1234567)).toBe('1,234,567円');
  });
  test('keeps the minus sign of a discount', () => {
    expect(formatYen(-330)).toBe('-330円');
    expect(formatYen(-1000)).toBe('-1,000円');
  });
  test('throws a TypeError on a non-integer amount (money is integer yen)', () => {
    expect(() => formatYen(1100.5)).toThrow(TypeError);
    expect(() => formatYen(Number.NaN)).toThrow(TypeError);
    expect(() => formatYen(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});

describe('properties', () => {
  test.prop([fc.oneof(yenArb, fc.maxSafeInteger(), fc.integer())])(
    'round-trips digits: dropping the commas and 円 gives String(n)',
    (n) => {
      expect(formatYen(n).replace(/[,円]/g, '')).toBe(String(n));
    },
  );
  test.prop([fc.maxSafeNat()])('groups by three: matches d{1,3}(,ddd)*円', (n) => {
    expect(formatYen(n)).toMatch(/^\d{1,3}(,\d{3})*円$/);
  });
});

describe('formatCount', () => {
  test('groups digits by three with half-width commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1000)).toBe('-1,000');
  });
  test('throws a TypeError on a number that is not a safe integer', () => {
    for (const n of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => formatCount(n)).toThrow(new TypeError(NON_INTEGER_COUNT_MESSAGE));
    }
  });
});

describe('formatCount properties', () => {
  test.prop([fc.maxSafeInteger()])("is the text of toLocaleString('ja-JP')", (n) => {
    expect(formatCount(n)).toBe(n.toLocaleString('ja-JP'));
  });
});
