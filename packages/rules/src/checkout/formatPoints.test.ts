import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { formatPointChange, formatPoints, NON_INTEGER_POINTS_MESSAGE } from './formatPoints';

describe('formatPoints', () => {
  test("'1,234pt' with commas every three digits, '0pt' for none", () => {
    expect(formatPoints(1234)).toBe('1,234pt');
    expect(formatPoints(0)).toBe('0pt');
    expect(formatPoints(999)).toBe('999pt');
    expect(formatPoints(-20)).toBe('−20pt');
  });
  test('throws a TypeError on a non-integer', () => {
    expect(() => formatPoints(1.5)).toThrow(NON_INTEGER_POINTS_MESSAGE);
    expect(() => formatPointChange(Number.NaN)).toThrow(TypeError);
  });
});

describe('formatPointChange', () => {
  test('signs gains and spending, and never signs zero', () => {
    expect(formatPointChange(120)).toBe('+120pt');
    expect(formatPointChange(-1500)).toBe('−1,500pt');
    expect(formatPointChange(0)).toBe('0pt');
    expect(formatPointChange(-0)).toBe('0pt');
  });
});

describe('properties', () => {
  test.prop([fc.integer()])(
    'round-trips: dropping sign, commas and pt gives the absolute value',
    (n) => {
      expect(formatPointChange(n).replace(/[+−,pt]/g, '')).toBe(String(Math.abs(n)));
      expect(formatPoints(n).replace(/[−,pt]/g, '')).toBe(String(Math.abs(n)));
    },
  );
  test.prop([fc.integer()])('signs exactly the non-zero changes, by their direction', (n) => {
    const text = formatPointChange(n);
    expect(text.startsWith('+')).toBe(n > 0);
    expect(text.startsWith('−')).toBe(n < 0);
  });
});
