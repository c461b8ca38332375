import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { searchTextArb } from '../../test/arbitraries';
import { foldLongVowels } from './foldLongVowels';
import { normalizeForSearch } from './normalizeForSearch';
import { searchableText } from './searchableText';
import { searchKeys } from './searchKeys';
import { searchMatchWords } from './searchMatchWords';

const finds = (query: string, text: string) =>
  searchKeys(query).some((key) => searchMatchWords(key).every((word) => text.includes(word)));

describe('searchableText', () => {
  test('holds the texts and the readings, written and folded, without spaces', () => {
    expect(
      searchableText({
        texts: ['魔王の図書館 3', null, '佐藤あかり'],
        readings: ['マオウノトショカン', undefined],
      }),
    ).toBe('魔王の図書館3佐藤あかりまおうのとしょかんまおのとしょかん');
  });
  test('a reading is found in hiragana, katakana and romaji (Hepburn and Kunrei-shiki)', () => {
    const text = searchableText({ texts: ['魔王'], readings: ['マオウ'] });
    for (const query of ['まおう', 'マオウ', 'ﾏｵｳ', 'maou', 'MAOU', 'mao', 'maō', 'maô', 'maoh']) {
      expect(finds(query, text)).toBe(true);
    }
    const hero = searchableText({
      texts: ['勇者の図書館 19'],
      readings: ['ユウシャノトショカン 19'],
    });
    for (const query of ['ゆうしゃ', 'yuusha', 'yusha', 'yūsha', 'tosyokan', 'toshokan 19']) {
      expect(finds(query, hero)).toBe(true);
    }
    expect(finds('まおう', hero)).toBe(false);
  });
});

describe('properties', () => {
  test.prop([fc.array(searchTextArb), fc.array(searchTextArb)])(
    'has no space: how a text is spaced never decides a match',
    (texts, readings) => {
      expect(searchableText({ texts, readings })).not.toContain(' ');
    },
  );
  test.prop([searchTextArb.filter((t) => normalizeForSearch(t) !== '')], { examples: [['わﾞ']] })(
    'finds by reading: the reading, in katakana or folded, finds the product',
    (reading) => {
      const text = searchableText({ texts: ['本'], readings: [reading] });
      const katakana = normalizeForSearch(reading).replace(/[\u3041-\u3096]/gu, (kana) =>
        String.fromCodePoint((kana.codePointAt(0) as number) + 0x60),
      );
      expect(finds(katakana, text)).toBe(true);
      if (foldLongVowels(reading) !== '') expect(finds(foldLongVowels(reading), text)).toBe(true);
    },
  );
});
