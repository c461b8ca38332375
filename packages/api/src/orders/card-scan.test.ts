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

  test('ignores digit groups of a UUID', () => {
    // The first three groups of this UUID read as a Luhn-valid 16-digit number.
    expect(findCardNumbers('"08587433-1460-4461-a0c2-5f2e9b7d1c3e"')).toEqual([]);
    expect(findCardNumbers('key=f0c2a1b3-1460-4461-8587-433146044610')).toEqual([]);
    expect(findCardNumbers('4111-1111-1111-1111 ok')).toEqual(['4111111111111111']);
  });

  test('finds every number in a text', () => {
    expect(findCardNumbers('a 4111111111111111, b 5555-5555-5555-4444')).toEqual([
      '4111111111111111',
      '5555555555554444',
    ]);
  });
});
