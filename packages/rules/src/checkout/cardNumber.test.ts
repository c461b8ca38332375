import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  CARD_BRANDS,
  cardBrand,
  isCardNumber,
  isLuhnValid,
  normalizeCardNumber,
  normalizeDigits,
} from './cardNumber';

// Test numbers the card brands publish for their sandboxes.
const TEST_CARDS: [string, (typeof CARD_BRANDS)[number]][] = [
  ['4111111111111111', 'VISA'],
  ['5555555555554444', 'MASTER'],
  ['2223000048400011', 'MASTER'],
  ['3530111333300000', 'JCB'],
  ['378282246310005', 'AMEX'],
  ['36227206271667', 'DINERS'],
];

describe('card numbers', () => {
  test('the brands’ test numbers are card numbers of their brand', () => {
    for (const [number, brand] of TEST_CARDS) {
      expect(isCardNumber(number)).toBe(true);
      expect(cardBrand(number)).toBe(brand);
    }
    expect(CARD_BRANDS).toEqual(['VISA', 'MASTER', 'JCB', 'AMEX', 'DINERS']);
  });
  test('refuses wrong checksums, lengths and non-digits', () => {
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(false);
    expect(isCardNumber('0000000000')).toBe(false);
    expect(isCardNumber('00000000000000000000')).toBe(false);
    expect(cardBrand('6011111111111117')).toBeNull();
  });
  test('normalises full-width digits, spaces and hyphens', () => {
    expect(normalizeCardNumber('４１１１ 1111-1111\u30001111')).toBe('4111111111111111');
  });
  test('normalises the short numeric fields the same way (expiry, security code)', () => {
    expect(normalizeDigits('０９')).toBe('09');
    expect(normalizeDigits('２０２８')).toBe('2028');
    expect(normalizeDigits('１ ２ ３')).toBe('123');
    expect(normalizeDigits('１２a')).toBe('12a');
  });
});

describe('properties', () => {
  const fullWidth = (digits: string) =>
    [...digits].map((d) => String.fromCharCode(d.charCodeAt(0) - 48 + 0xff10)).join('');
  test.prop([fc.string({ unit: fc.constantFrom(...'0123456789') })])(
    'is width-blind: full-width digits normalise to the half-width ones',
    (digits) => {
      expect(normalizeDigits(fullWidth(digits))).toBe(digits);
      expect(normalizeDigits(digits)).toBe(digits);
    },
  );
  const typedArb = fc.string({
    unit: fc.constantFrom(...'0123456789０１２３４５６７８９ -\u3000a/'),
  });
  test.prop([typedArb])(
    'is idempotent: normalising what was typed twice changes nothing more',
    (input) => {
      expect(normalizeDigits(normalizeDigits(input))).toBe(normalizeDigits(input));
    },
  );
  const digitsArb = fc.string({
    unit: fc.constantFrom(...'0123456789'),
    minLength: 1,
    maxLength: 19,
  });
  test.prop([digitsArb])('exactly one check digit completes any digit string', (body) => {
    const valid = [...'0123456789'].filter((d) => isLuhnValid(body + d));
    expect(valid).toHaveLength(1);
  });
  test.prop([digitsArb, fc.nat({ max: 18 })])(
    'changing one digit breaks the checksum',
    (digits, at) => {
      fc.pre(at < digits.length && isLuhnValid(digits));
      const changed = String((Number(digits[at]) + 1) % 10);
      expect(isLuhnValid(digits.slice(0, at) + changed + digits.slice(at + 1))).toBe(false);
    },
  );
});
