import { describe, expect, test } from 'vitest';
import { findCardNumbers, maskCardNumber, scanForCardNumbers } from './card-scan';

describe('findCardNumbers', () => {
  test('finds test card numbers in text', () => {
    expect(findCardNumbers('card=4111111111111111;')).toEqual(['4111111111111111']);
    expect(findCardNumbers('amex 378282246310005 end')).toEqual(['378282246310005']);
  });

  test('ignores Luhn-invalid runs, short runs and runs inside longer digit strings', () => {
    expect(findCardNumbers('4111111111111112')).toEqual([]);
    expect(findCardNumbers('411111111111')).toEqual([]);
    expect(findCardNumbers('TranID=24111111111111111000000000')).toEqual([]);
  });

  test('finds card numbers grouped by spaces or hyphens', () => {
    expect(findCardNumbers('no: 4111 1111 1111 1111.')).toEqual(['4111111111111111']);
    expect(findCardNumbers('"5555-5555-5555-4444"')).toEqual(['5555555555554444']);
  });

  test('ignores digit runs inside hex digests and tokens', () => {
    expect(findCardNumbers('hash=ab4111111111111111cd')).toEqual([]);
    expect(findCardNumbers('tok_4111111111111111x')).toEqual([]);
  });

  test('ignores digit groups of a UUID', () => {
    // The first three groups of this UUID read as a Luhn-valid 16-digit number.
    expect(findCardNumbers('"08587433-1460-4461-a0c2-5f2e9b7d1c3e"')).toEqual([]);
    expect(findCardNumbers('key=f0c2a1b3-1460-4461-8587-433146044610')).toEqual([]);
    expect(findCardNumbers('4111-1111-1111-1111 ok')).toEqual(['4111111111111111']);
  });

  test('ignores ISBN-13s, even those that pass Luhn', () => {
    // Both pass Luhn; only the first has an ISBN's check digit.
    expect(findCardNumbers('isbn\t9784000633529\t978-4-00-063352-9')).toEqual([]);
    expect(findCardNumbers('isbn\t9784000158386')).toEqual(['9784000158386']);
  });

  test('finds a number after an escaped line break or tab (COPY text, JSON)', () => {
    expect(findCardNumbers('note\\n4111111111111111\\tend')).toEqual(['4111111111111111']);
    expect(findCardNumbers('{"msg":"card:\\n5555 5555 5555 4444"}')).toEqual(['5555555555554444']);
    expect(findCardNumbers('word4111111111111111')).toEqual([]);
  });

  test('finds every number in a text', () => {
    expect(findCardNumbers('a 4111111111111111, b 5555-5555-5555-4444')).toEqual([
      '4111111111111111',
      '5555555555554444',
    ]);
  });
});

describe('maskCardNumber', () => {
  test('keeps the first six and the last four digits', () => {
    expect(maskCardNumber('4111111111111111')).toBe('411111…1111');
    expect(maskCardNumber('378282246310005')).toBe('378282…0005');
  });
});

describe('scanForCardNumbers', () => {
  test('reports each number of a dump or log by line, masked', () => {
    const dump = [
      'COPY public.notes (id, body) FROM stdin;',
      '1\tno card here, only 2026-11-20 and 090-1234-5678',
      '2\tcard 4000 0566 5566 5556 and 5555-5555-5555-4444',
      '\\.',
    ].join('\n');
    expect(scanForCardNumbers(dump)).toEqual([
      { line: 3, masked: '400005…5556' },
      { line: 3, masked: '555555…4444' },
    ]);
  });

  test('sees a number printed right after a terminal colour code', () => {
    expect(findCardNumbers('\x1b[31m4111111111111111\x1b[39m')).toEqual([]);
    expect(scanForCardNumbers('ok\n\x1b[31m4111111111111111\x1b[39m')).toEqual([
      { line: 2, masked: '411111…1111' },
    ]);
  });

  test('finds nothing in a text without a card number', () => {
    expect(scanForCardNumbers('order 12 paid 1,100円\nTranID=24111111111111111000000000')).toEqual(
      [],
    );
  });
});
