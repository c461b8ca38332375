import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { searchTextArb } from '../../test/arbitraries';
import { normalizeForSearch } from './normalizeForSearch';
import { searchNgrams } from './searchNgrams';

describe('searchNgrams', () => {
  test('cuts the normalised text into unique grams in order, never across a space', () => {
    expect(searchNgrams('東方Project', 2)).toEqual([
      '東方',
      '方p',
      'pr',
      'ro',
      'oj',
      'je',
      'ec',
      'ct',
    ]);
    expect(searchNgrams('ネコ ねこ', 2)).toEqual(['ねこ']);
    expect(searchNgrams('鬼滅の刃 鬼', 1)).toEqual(['鬼', '滅', 'の', '刃']);
  });
  test('gives nothing for a word shorter than n, and nothing for a blank text', () => {
    expect(searchNgrams('猫', 2)).toEqual([]);
    expect(searchNgrams('  ・ ', 1)).toEqual([]);
  });
  test('counts a character outside the BMP as one', () => {
    expect(searchNgrams('𠮷野家', 2)).toEqual(['𠮷野', '野家']);
  });
  test('throws on a gram length that is not a positive integer', () => {
    expect(() => searchNgrams('猫', 0)).toThrow(TypeError);
    expect(() => searchNgrams('猫', 1.5)).toThrow(TypeError);
  });
});

describe('properties', () => {
  test.prop([
    searchTextArb,
    fc.integer({ min: 0, max: 40 }),
    fc.integer({ min: 0, max: 40 }),
    fc.integer({ min: 1, max: 3 }),
  ])(
    'covers substrings: the n-grams of any substring of a normalised title are n-grams of the title',
    (text, a, b, n) => {
      const title = Array.from(normalizeForSearch(text));
      const part = title.slice(Math.min(a, b), Math.max(a, b)).join('');
      const titleGrams = new Set(searchNgrams(title.join(''), n));
      for (const gram of searchNgrams(part, n)) expect(titleGrams).toContain(gram);
    },
  );
  test.prop([searchTextArb, fc.integer({ min: 1, max: 3 })])(
    'has unique grams of exactly n characters with no space',
    (text, n) => {
      const grams = searchNgrams(text, n);
      expect(new Set(grams).size).toBe(grams.length);
      for (const gram of grams) {
        expect(Array.from(gram)).toHaveLength(n);
        expect(gram).not.toContain(' ');
      }
    },
  );
});
