import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { formatPostalCode, INVALID_POSTAL_DIGITS_MESSAGE } from './formatPostalCode';
import { normalizePostalCode } from './normalizePostalCode';

describe('formatPostalCode', () => {
  test('prints NNN-NNNN as a label does', () => {
    expect(formatPostalCode('1040061')).toBe('104-0061');
    expect(formatPostalCode('0600000')).toBe('060-0000');
  });
  test.each(['104-0061', '104006', '１０４００６１', ''])(
    'throws a TypeError on %j, which is not normalised digits',
    (input) => {
      expect(() => formatPostalCode(input)).toThrow(INVALID_POSTAL_DIGITS_MESSAGE);
    },
  );
});

describe('properties', () => {
  test.prop([fc.stringMatching(/^\d{7}$/)])(
    'round-trips: every valid postal code survives format then normalise',
    (digits) => {
      const printed = formatPostalCode(digits);
      expect(printed).toMatch(/^\d{3}-\d{4}$/);
      expect(normalizePostalCode(printed)).toBe(digits);
    },
  );
});
