import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { normalizePhone } from './normalizePhone';

/** A number carriers accept: a 10-digit fixed line (area code 0X, X ≠ 0 and not 0X0) or an 11-digit 0X0 number. */
const phoneDigitsArb = fc.oneof(
  fc.stringMatching(/^0[1-9][1-9]\d{7}$/),
  fc.stringMatching(/^0[5-9]0\d{8}$/),
);
const separatorArb = fc.constantFrom('', '-', ' ', 'ー', '－', '−', '\u3000');

describe('normalizePhone', () => {
  test.each([
    ['03-1234-5678', '0312345678'],
    ['0120-123-456', '0120123456'],
    ['090 1234 5678', '09012345678'],
    ['050-1234-5678', '05012345678'],
    ['+81 90-1234-5678', '09012345678'],
    ['(0422) 12-3456', '0422123456'],
  ])('accepts %s', (input, digits) => {
    expect(normalizePhone(input)).toBe(digits);
  });
  test.each([
    ['０９０－１２３４－５６７８', '09012345678'],
    ['+81 (0)3-1234-5678', '0312345678'],
    ['0570-000-123', '0570000123'],
    ['0800-123-4567', '08001234567'],
    ['011-123-4567', '0111234567'],
  ])('accepts %s (full-width, +81 (0), navi dial, 0800, Sapporo)', (input, digits) => {
    expect(normalizePhone(input)).toBe(digits);
  });
  test.each(['1234567890', '0012345678', '090-1234-567', '080123456789', 'abc', ''])(
    'refuses %s',
    (input) => {
      expect(normalizePhone(input)).toBeUndefined();
    },
  );
  test.each([
    ['an eleven-digit fixed line', '03-1234-56789'],
    ['a nine-digit number', '03-1234-567'],
    ['a ten-digit number in an eleven-digit range', '090-123-4567'],
    ['a foreign number', '+1 212 555 0100'],
    ['an extension', '03-1234-5678#12'],
  ])('refuses %s', (_label, input) => {
    expect(normalizePhone(input)).toBeUndefined();
  });
});

describe('properties', () => {
  test.prop([fc.string({ maxLength: 24 })])(
    'is idempotent: a normalised number normalises to itself',
    (s) => {
      const once = normalizePhone(s);
      if (once !== undefined) expect(normalizePhone(once)).toBe(once);
    },
  );
  test.prop([fc.string()])('gives 10 or 11 ASCII digits from 0, or undefined', (s) => {
    const digits = normalizePhone(s);
    if (digits !== undefined) expect(digits).toMatch(/^0[0-9]{9,10}$/);
  });
  test.prop([phoneDigitsArb, separatorArb, fc.integer({ min: 2, max: 6 })])(
    'ignores separators: a dash or space anywhere after the trunk 0 changes nothing',
    (digits, separator, at) => {
      expect(normalizePhone(digits)).toBe(digits);
      expect(normalizePhone(`${digits.slice(0, at)}${separator}${digits.slice(at)}`)).toBe(digits);
    },
  );
  test.prop([phoneDigitsArb])('reads +81 as the trunk 0: +81 and domestic agree', (digits) => {
    expect(normalizePhone(`+81${digits.slice(1)}`)).toBe(digits);
    expect(normalizePhone(`+81 ${digits.slice(1, 3)}-${digits.slice(3)}`)).toBe(digits);
  });
});
