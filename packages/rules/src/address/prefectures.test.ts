import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { normalizeKana } from './normalizeKana';
import { PREFECTURE_KANA, PREFECTURES } from './prefectures';

describe('PREFECTURES', () => {
  test('are the 47 in JIS order', () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES).size).toBe(47);
    expect(PREFECTURES[0]).toBe('北海道');
    expect(PREFECTURES[12]).toBe('東京都');
    expect(PREFECTURES[46]).toBe('沖縄県');
  });
  test('are one 都, one 道, two 府 and 43 県', () => {
    const suffixes = PREFECTURES.map((p) => p.slice(-1));
    expect(suffixes.filter((s) => s === '都')).toEqual(['都']);
    expect(suffixes.filter((s) => s === '道')).toEqual(['道']);
    expect(PREFECTURES.filter((p) => p.endsWith('府'))).toEqual(['京都府', '大阪府']);
    expect(suffixes.filter((s) => s === '県')).toHaveLength(43);
  });
});

describe('PREFECTURE_KANA', () => {
  test("reads every prefecture as Japan Post does, with 都/道/府/県's own reading", () => {
    expect(Object.keys(PREFECTURE_KANA)).toEqual([...PREFECTURES]);
    expect(PREFECTURE_KANA.北海道).toBe('ホッカイドウ');
    expect(PREFECTURE_KANA.東京都).toBe('トウキョウト');
    expect(PREFECTURE_KANA.京都府).toBe('キョウトフ');
    expect(PREFECTURE_KANA.鹿児島県).toBe('カゴシマケン');
  });
});

describe('properties', () => {
  test('kana is canonical: every reading is already normalised full-width katakana', () => {
    for (const prefecture of PREFECTURES) {
      expect(normalizeKana(PREFECTURE_KANA[prefecture])).toBe(PREFECTURE_KANA[prefecture]);
    }
  });
  test('kana matches the suffix: 都 reads ト, 道 ドウ, 府 フ, 県 ケン', () => {
    for (const prefecture of PREFECTURES) {
      const suffix = { 都: 'ト', 道: 'ドウ', 府: 'フ', 県: 'ケン' }[prefecture.slice(-1)];
      expect(suffix).toBeDefined();
      expect(PREFECTURE_KANA[prefecture].endsWith(suffix ?? '')).toBe(true);
    }
  });
});
