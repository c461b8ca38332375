import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { normalizePostalCode } from './normalizePostalCode';

const postalDigitsArb = fc.stringMatching(/^\d{7}$/);
const dashArb = fc.constantFrom('', '-', 'ー', '－', '‐', '−', 'ｰ');
const toFullWidth = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

describe('normalizePostalCode', () => {
  test.each([
    ['104-0061', '1040061'],
    ['1040061', '1040061'],
    ['〒104-0061', '1040061'],
    ['〒１０４ー００６１', '1040061'],
    ['１０４－００６１', '1040061'],
    [' 104-0061 ', '1040061'],
    ['〒 104-0061', '1040061'],
  ])('reads %j as %j', (input, digits) => {
    expect(normalizePostalCode(input)).toBe(digits);
  });
  test.each(['104-006', '104-00611', '12345', 'abc-defg', '', '〒', '104 0061', '104-0061〒'])(
    'refuses %j',
    (input) => {
      expect(normalizePostalCode(input)).toBeUndefined();
    },
  );
});

describe('properties', () => {
  test.prop([fc.string({ maxLength: 20 })])(
    'is idempotent: a normalised postal code normalises to itself',
    (s) => {
      const once = normalizePostalCode(s);
      if (once !== undefined) expect(normalizePostalCode(once)).toBe(once);
    },
  );
  test.prop([postalDigitsArb, dashArb, fc.boolean(), fc.boolean()])(
    'ignores the writing: 〒, full-width digits and any dash give the same 7 digits',
    (digits, dash, mark, fullWidth) => {
      const written = `${mark ? '〒' : ''}${digits.slice(0, 3)}${dash}${digits.slice(3)}`;
      expect(normalizePostalCode(fullWidth ? toFullWidth(written) : written)).toBe(digits);
    },
  );
  test.prop([fc.string()])('gives 7 ASCII digits or undefined, never throws', (s) => {
    const result = normalizePostalCode(s);
    if (result !== undefined) expect(result).toMatch(/^[0-9]{7}$/);
  });
});
