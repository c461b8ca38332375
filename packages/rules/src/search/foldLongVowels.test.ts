import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { searchTextArb } from '../../test/arbitraries';
import { expectIdempotent } from '../../test/laws';
import { foldLongVowels } from './foldLongVowels';
import { normalizeForSearch } from './normalizeForSearch';

describe('foldLongVowels', () => {
  test.each([
    // The long vowels romaji without macrons leaves out.
    ['ユウシャ', 'ゆしゃ'],
    ['まおう', 'まお'],
    ['きょう', 'きょ'],
    ['おかあさん', 'おかさん'],
    ['とおり', 'とり'],
    ['くうき', 'くき'],
    ['スター', 'すた'],
    // A voiced-sound mark a dropped ー brings next to its kana is composed. Found by a property
    // run with seed -793598585: folding ﾎーﾞ gave ほ゛, folding again ぼ.
    ['ﾎーﾞ', 'ぼ'],
    // The えい and いい that romaji spells out are kept.
    ['せんせい', 'せんせい'],
    ['おにいさん', 'おにいさん'],
  ])('folds %s to %s', (reading, folded) => {
    expect(foldLongVowels(reading)).toBe(folded);
  });
});

describe('properties', () => {
  test.prop([fc.oneof(searchTextArb, fc.string({ unit: 'grapheme' }))])(
    'is idempotent: folding twice equals folding once',
    (text) => {
      expectIdempotent(foldLongVowels, text);
    },
  );
  test.prop([searchTextArb], { examples: [['ヒーﾞ'], ['ひーﾟ']] })(
    'only removes: the folded form is the normalised text with some characters left out',
    (text) => {
      // Compared decomposed: a dropped ー can join a sound mark to its kana (ひー゙ folds to び,
      // which is ひ and the mark), a letter the normalised text only has in two parts.
      const normalized = Array.from(normalizeForSearch(text).normalize('NFD'));
      let i = 0;
      for (const ch of foldLongVowels(text).normalize('NFD')) {
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
