import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { ean13CheckDigit } from './ean13CheckDigit';

describe('ean13CheckDigit', () => {
  test('gives the check digit of real ISBNs and JAN codes', () => {
    expect(ean13CheckDigit('978400063352')).toBe(9);
    expect(ean13CheckDigit('978477412345')).toBe(5);
    expect(ean13CheckDigit('490123456789')).toBe(4);
  });
  test('ignores digits past the twelfth', () => {
    expect(ean13CheckDigit('9784000633529')).toBe(9);
  });
});

describe('properties', () => {
  const twelveDigitsArb = fc.stringMatching(/^\d{12}$/);
  test.prop([twelveDigitsArb])('is a digit: always 0 to 9', (digits) => {
    const check = ean13CheckDigit(digits);
    expect(Number.isInteger(check) && check >= 0 && check <= 9).toBe(true);
  });
  test.prop([twelveDigitsArb, fc.nat({ max: 11 }), fc.integer({ min: 1, max: 9 })])(
    'catches every single-digit error: changing one digit changes the check digit',
    (digits, at, delta) => {
      const changed = String((Number(digits[at]) + delta) % 10);
      const other = digits.slice(0, at) + changed + digits.slice(at + 1);
      expect(ean13CheckDigit(other)).not.toBe(ean13CheckDigit(digits));
    },
  );
});
