import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { romajiArb, searchTextArb } from '../../test/arbitraries';
import { normalizeForSearch } from './normalizeForSearch';
import { searchKeys } from './searchKeys';

describe('searchKeys', () => {
  test('adds the kana reading of a romaji query', () => {
    expect(searchKeys('bocchi')).toEqual(['bocchi', 'ぼっち']);
    expect(searchKeys('ＢＯＣＣＨＩ')).toEqual(['bocchi', 'ぼっち']);
    expect(searchKeys('naruto 2')).toEqual(['naruto 2', 'なると 2']);
  });
  test('reads a typed hyphen as a long vowel', () => {
    expect(searchKeys('ra-men')).toEqual(['raーmen', 'らーめん', 'らめん']);
  });
  test('reads Hepburn and Kunrei-shiki long vowels, and adds the folded reading', () => {
    for (const query of ['maou', 'maō', 'maô', 'maoh']) {
      expect(searchKeys(query).slice(1)).toEqual(['まおう', 'まお']);
    }
    expect(searchKeys('yusha')).toEqual(['yusha', 'ゆしゃ']);
    expect(searchKeys('tosyokan')).toEqual(['tosyokan', 'としょかん']);
    expect(searchKeys('ohayou')).toEqual(['ohayou', 'おはよう', 'おはよ']);
  });
  test('gives only the normalised form for kana, mixed or unconvertible input', () => {
    expect(searchKeys('ボッチ')).toEqual(['ぼっち']);
    expect(searchKeys('ぼっち the rock')).toEqual(['ぼっち the rock']);
    expect(searchKeys('xyz')).toEqual(['xyz']);
    expect(searchKeys('2024')).toEqual(['2024']);
  });
  test('gives no key for a blank query', () => {
    expect(searchKeys(' 　・ ')).toEqual([]);
  });
});

describe('properties', () => {
  test.prop([romajiArb])(
    'reads romaji: the reading of a romaji word is the normalised kana wanakana gives',
    (romaji) => {
      const keys = searchKeys(romaji);
      expect(keys[0]).toBe(romaji);
      expect(keys[1]).toMatch(/^[\u3041-\u3096ー]+$/u);
    },
  );
  test.prop([searchTextArb])(
    "is normalised: every key is its own normalizeForSearch form, the first is the text's",
    (text) => {
      const keys = searchKeys(text);
      for (const key of keys) expect(normalizeForSearch(key)).toBe(key);
      if (keys.length > 0) expect(keys[0]).toBe(normalizeForSearch(text));
    },
  );
});
