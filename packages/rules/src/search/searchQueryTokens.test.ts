import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { searchTextArb } from '../../test/arbitraries';
import { normalizeForSearch } from './normalizeForSearch';
import { searchIndexTokens } from './searchIndexTokens';
import { searchQueryTokens } from './searchQueryTokens';

describe('searchQueryTokens', () => {
  test('takes bi-grams of longer words and one-character words whole', () => {
    expect(searchQueryTokens('鬼滅 刃')).toEqual(['鬼滅', '刃']);
    expect(searchQueryTokens('猫')).toEqual(['猫']);
    expect(searchQueryTokens('ボッチ')).toEqual(['ぼっ', 'っち']);
    expect(searchQueryTokens('  ')).toEqual([]);
  });
});

describe('searchIndexTokens', () => {
  test('stores uni-grams then bi-grams', () => {
    expect(searchIndexTokens('ネコ')).toEqual(['ね', 'こ', 'ねこ']);
    expect(searchIndexTokens('猫')).toEqual(['猫']);
  });
});

describe('properties', () => {
  test.prop([searchTextArb, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })])(
    'finds substrings: every token of a substring query is an index token of the title',
    (text, a, b) => {
      const title = Array.from(normalizeForSearch(text));
      const query = title.slice(Math.min(a, b), Math.max(a, b)).join('');
      const index = new Set(searchIndexTokens(title.join('')));
      for (const token of searchQueryTokens(query)) expect(index).toContain(token);
    },
  );
});
