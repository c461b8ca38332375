import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { aroundCardArb, ordinaryNumbersTextArb, writtenCardArb } from '../../test/arbitraries';
import { findCardNumbers } from './findCardNumbers';

describe('findCardNumbers', () => {
  test('finds test card numbers, bare or grouped by spaces or hyphens', () => {
    expect(findCardNumbers('card=4111111111111111;')).toEqual(['4111111111111111']);
    expect(findCardNumbers('amex 378282246310005 end')).toEqual(['378282246310005']);
    expect(findCardNumbers('no: 4111 1111 1111 1111.')).toEqual(['4111111111111111']);
    expect(findCardNumbers('"5555-5555-5555-4444"')).toEqual(['5555555555554444']);
  });

  test('reads full-width digits and the separators Japanese shoppers type', () => {
    expect(findCardNumbers('カード番号は４１１１－１１１１－１１１１－１１１１です')).toEqual([
      '4111111111111111',
    ]);
    expect(findCardNumbers('4111ー1111ー1111ー1111')).toEqual(['4111111111111111']);
    expect(findCardNumbers('４１１１\u3000１１１１\u3000１１１１\u3000１１１１')).toEqual([
      '4111111111111111',
    ]);
    expect(findCardNumbers('4111・1111・1111・1111')).toEqual(['4111111111111111']);
    expect(findCardNumbers('4111.1111.1111.1111')).toEqual(['4111111111111111']);
    expect(findCardNumbers('4111 - 1111 - 1111 - 1111')).toEqual(['4111111111111111']);
  });

  test('reads the groupings of American Express and Diners Club', () => {
    expect(findCardNumbers('3782 822463 10005')).toEqual(['378282246310005']);
    expect(findCardNumbers('3622-720627-1667')).toEqual(['36227206271667']);
  });

  test('finds a number followed by its expiry date or security code', () => {
    expect(findCardNumbers('4111 1111 1111 1111 12/28')).toEqual(['4111111111111111']);
    expect(findCardNumbers('4111-1111-1111-1111 123')).toEqual(['4111111111111111']);
  });

  test('ignores Luhn-invalid runs, short runs and runs of 20 digits or more', () => {
    expect(findCardNumbers('4111111111111112')).toEqual([]);
    expect(findCardNumbers('411111111111')).toEqual([]);
    expect(findCardNumbers('TranID=24111111111111111000000000')).toEqual([]);
    expect(findCardNumbers('41111111111111110000')).toEqual([]);
  });

  test('ignores digit runs inside hex digests and tokens', () => {
    expect(findCardNumbers('hash=ab4111111111111111cd')).toEqual([]);
    expect(findCardNumbers('tok4111111111111111x')).toEqual([]);
    expect(findCardNumbers('word4111111111111111')).toEqual([]);
  });

  test('ignores the digit groups of a UUID', () => {
    // The first three groups of this UUID read as a Luhn-valid 16-digit number.
    expect(findCardNumbers('"08587433-1460-4461-a0c2-5f2e9b7d1c3e"')).toEqual([]);
    expect(findCardNumbers('key=f0c2a1b3-1460-4461-8587-433146044610')).toEqual([]);
    expect(findCardNumbers('4111-1111-1111-1111 ok')).toEqual(['4111111111111111']);
  });

  test('ignores ISBN-13s and JAN codes, even those that pass Luhn', () => {
    // Both pass Luhn; only the first has an ISBN's check digit.
    expect(findCardNumbers('isbn\t9784000633529\t978-4-00-063352-9')).toEqual([]);
    expect(findCardNumbers('isbn\t9784000158386')).toEqual(['9784000158386']);
    // A JAN code of Japanese goods (49…) with its EAN-13 check digit, which also passes Luhn.
    expect(findCardNumbers('JAN 4912345678904')).toEqual([]);
  });

  test('finds a number after an escaped line break or tab (COPY text, JSON)', () => {
    expect(findCardNumbers('note\\n4111111111111111\\tend')).toEqual(['4111111111111111']);
    expect(findCardNumbers('{"msg":"card:\\n5555 5555 5555 4444"}')).toEqual(['5555555555554444']);
  });

  test('never joins phone numbers, postal codes, dates and house numbers into one', () => {
    // 090-1234-5678 2026-11-25 reads 1234 5678 2026 11 as 4-4-4-2, a Luhn-valid 14 digits.
    expect(findCardNumbers('090-1234-5678 2026-11-25')).toEqual([]);
    expect(findCardNumbers('〒104-0061 東京都中央区銀座1-2-3 090-1234-5678 104-0061')).toEqual([]);
    expect(findCardNumbers('03-1234-5678 2026/11/25 注文番号 12345')).toEqual([]);
  });

  test('finds every number in a text', () => {
    expect(findCardNumbers('a 4111111111111111, b 5555-5555-5555-4444')).toEqual([
      '4111111111111111',
      '5555555555554444',
    ]);
  });
});

describe('properties', () => {
  test.prop([writtenCardArb, aroundCardArb, aroundCardArb])(
    'detects every card number: any Luhn-valid 13-19 digits, written with any separator, anywhere in a text',
    ({ digits, written }, before, after) => {
      // One finding: the number, or its leading groups when they pass Luhn by chance themselves.
      const found = findCardNumbers(`${before}${written}${after}`);
      expect(found).toHaveLength(1);
      expect(digits.startsWith(found[0] as string)).toBe(true);
    },
  );
  test.prop([ordinaryNumbersTextArb])(
    'lets ordinary text pass: addresses, phone numbers, postal codes, dates, ISBNs and order numbers hold no card number',
    (text) => {
      expect(findCardNumbers(text)).toEqual([]);
    },
  );
  test.prop([
    fc.string({ unit: fc.constantFrom(...'0123456789０１２３ -ー.・ab\\\n'), maxLength: 60 }),
  ])('finds only card numbers: every finding is 13-19 half-width digits passing Luhn', (text) => {
    for (const digits of findCardNumbers(text)) expect(digits).toMatch(/^\d{13,19}$/);
  });
});
