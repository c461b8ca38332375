import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { yenArb } from '../../test/arbitraries';
import { formatYen } from './formatYen';
import { formatYenTaxIncluded } from './formatYenTaxIncluded';

describe('formatYenTaxIncluded', () => {
  test("'1,100円(税込)', the shop's display form", () => {
    expect(formatYenTaxIncluded(1100)).toBe('1,100円(税込)');
    expect(formatYenTaxIncluded(0)).toBe('0円(税込)');
  });
  test('throws a TypeError on a non-integer amount', () => {
    expect(() => formatYenTaxIncluded(99.9)).toThrow(TypeError);
  });
});

describe('properties', () => {
  test.prop([yenArb])('is formatYen followed by (税込)', (n) => {
    expect(formatYenTaxIncluded(n)).toBe(`${formatYen(n)}(税込)`);
  });
});
