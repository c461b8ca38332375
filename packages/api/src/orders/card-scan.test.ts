import { describe, expect, test } from 'vitest';
import { findCardNumbers } from './card-scan';

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

  test('finds every number in a text', () => {
    expect(findCardNumbers('a 4111111111111111, b 5555-5555-5555-4444')).toEqual([
      '4111111111111111',
      '5555555555554444',
    ]);
  });
});
