import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { normalizeKana } from './normalizeKana';

const HIRAGANA = Array.from({ length: 0x3096 - 0x3041 + 1 }, (_, i) =>
  String.fromCharCode(0x3041 + i),
);
const hiraganaArb = fc
  .array(fc.constantFrom(...HIRAGANA), { minLength: 1, maxLength: 12 })
  .map((cs) => cs.join(''));

describe('normalizeKana', () => {
  test.each([
    ['ヤマダ', 'ヤマダ'],
    ['やまだ', 'ヤマダ'],
    ['ﾀﾛｳ', 'タロウ'],
    ['ｳﾞｨｰｶﾞﾝ', 'ヴィーガン'],
    ['ゔぁいおりん', 'ヴァイオリン'],
    ['  サトウ  ', 'サトウ'],
    ['ジョン・スミス', 'ジョン・スミス'],
    ['ヤマダ\u3000タロウ', 'ヤマダ タロウ'],
    ['ｻﾄｳ ﾊﾅｺ', 'サトウ ハナコ'],
  ])('reads %j as %j', (input, reading) => {
    expect(normalizeKana(input)).toBe(reading);
  });
  test.each([
    ['kanji', '山田'],
    ['romaji', 'taro'],
    ['digits', 'ヤマダ2'],
    ['mixed kanji', 'ヤマ田'],
    ['nothing but spaces', ' \u3000 '],
    ['nothing', ''],
    ['an emoji', 'タロウ😀'],
  ])('refuses %s', (_label, input) => {
    expect(normalizeKana(input)).toBeUndefined();
  });
});

describe('properties', () => {
  test.prop([fc.string({ maxLength: 20 })])(
    'is idempotent: normalizeKana(normalizeKana(s)) equals normalizeKana(s)',
    (s) => {
      const once = normalizeKana(s);
      if (once !== undefined) expect(normalizeKana(once)).toBe(once);
    },
  );
  test.prop([hiraganaArb])(
    'converts letter for letter: each hiragana becomes the katakana 0x60 above it',
    (hiragana) => {
      const expected = [...hiragana]
        .map((c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
        .join('');
      expect(normalizeKana(hiragana)).toBe(expected);
    },
  );
  test.prop([fc.string()])(
    'gives full-width katakana only: never a hiragana, half-width or ideographic space',
    (s) => {
      const reading = normalizeKana(s);
      if (reading !== undefined) expect(reading).toMatch(/^[\u30A1-\u30F6ー・ ]+$/);
    },
  );
});
