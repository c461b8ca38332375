import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { searchTextArb } from '../../test/arbitraries';
import { foldLongVowels } from './foldLongVowels';
import { normalizeForSearch } from './normalizeForSearch';

describe('foldLongVowels', () => {
  test('folds the long vowels romaji without macrons leaves out', () => {
    expect(foldLongVowels('ユウシャ')).toBe('ゆしゃ');
    expect(foldLongVowels('まおう')).toBe('まお');
    expect(foldLongVowels('きょう')).toBe('きょ');
    expect(foldLongVowels('おかあさん')).toBe('おかさん');
    expect(foldLongVowels('とおり')).toBe('とり');
    expect(foldLongVowels('くうき')).toBe('くき');
    expect(foldLongVowels('スター')).toBe('すた');
  });
  test('composes a voiced-sound mark a dropped ー brings next to its kana', () => {
    // Found by a property run with seed -793598585: folding ﾎーﾞ gave ほ゛, folding again ぼ.
    expect(foldLongVowels('ﾎーﾞ')).toBe('ぼ');
  });
  test('keeps the えい and いい that romaji spells out', () => {
    expect(foldLongVowels('せんせい')).toBe('せんせい');
    expect(foldLongVowels('おにいさん')).toBe('おにいさん');
  });
});

describe('properties', () => {
  test.prop([fc.oneof(searchTextArb, fc.string({ unit: 'grapheme' }))])(
    'is idempotent: folding twice equals folding once',
    (text) => {
      const once = foldLongVowels(text);
      expect(foldLongVowels(once)).toBe(once);
    },
  );
  test.prop([searchTextArb])(
    'only removes: the folded form is the normalised text with some characters left out',
    (text) => {
      const normalized = Array.from(normalizeForSearch(text));
      let i = 0;
      for (const ch of foldLongVowels(text)) {
        while (i < normalized.length && normalized[i] !== ch) i += 1;
        expect(i).toBeLessThan(normalized.length);
        i += 1;
      }
    },
  );
  test.prop([searchTextArb])('leaves no ー: a long-vowel mark is always folded', (text) => {
    expect(foldLongVowels(text)).not.toContain('ー');
  });
});
