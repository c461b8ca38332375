import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { searchTextArb } from '../../test/arbitraries';
import { toFullWidth } from '../../test/fixtures';
import { expectIdempotent } from '../../test/laws';
import { normalizeForSearch } from './normalizeForSearch';

describe('normalizeForSearch', () => {
  test('folds hiragana, katakana and half-width katakana to one form', () => {
    expect(normalizeForSearch('ぼっち')).toBe('ぼっち');
    expect(normalizeForSearch('ボッチ')).toBe('ぼっち');
    expect(normalizeForSearch('ﾎﾞｯﾁ')).toBe('ぼっち');
    expect(normalizeForSearch('ｶﾞﾝﾀﾞﾑ')).toBe('がんだむ');
    expect(normalizeForSearch('ヴァイオレット')).toBe('ゔぁいおれっと');
    // ヷ has no composed hiragana: it is わ and the voiced mark, however it was typed.
    for (const form of ['ヷ', 'ﾜﾞ', 'ワ\u3099', 'わ\u3099', 'わﾞ']) {
      expect(normalizeForSearch(form)).toBe('わ\u3099');
    }
    expect(normalizeForSearch('ヸヹヺ')).toBe('ゐ\u3099ゑ\u3099を\u3099');
  });
  test('folds full-width Latin and digits and lower-cases them', () => {
    expect(normalizeForSearch('ＯＮＥ　ＰＩＥＣＥ　１０５')).toBe('one piece 105');
    expect(normalizeForSearch('東方Project')).toBe('東方project');
  });
  test('folds every long-vowel, dash and wave variant to one ー', () => {
    const forms = [
      'ラーメン',
      'ﾗｰﾒﾝ',
      'ラ〜メン',
      'ラ～メン',
      'ラ‐メン',
      'ラ-メン',
      'ラ–メン',
      'ラ—メン',
    ];
    for (const form of [...forms, 'ラ―メン', 'ラ─メン', 'ラ−メン', 'ラ~メン']) {
      expect(normalizeForSearch(form)).toBe('らーめん');
    }
  });
  test('collapses a run of long-vowel marks and drops one that starts a word', () => {
    expect(normalizeForSearch('すごーーい')).toBe('すごーい');
    expect(normalizeForSearch('〜ラーメン－大盛り～')).toBe('らーめんー大盛りー');
    expect(normalizeForSearch('第1巻 〜始まり〜')).toBe('1 始まりー');
  });
  test('removes ・ and apostrophes, so names match with or without them', () => {
    expect(normalizeForSearch('ぼっち・ざ・ろっく！')).toBe('ぼっちざろっく');
    expect(normalizeForSearch('ハリー･ポッター')).toBe('はりーぽったー');
    expect(normalizeForSearch("Don't Stop")).toBe('dont stop');
  });
  test('turns other punctuation and symbols into single spaces and trims', () => {
    expect(normalizeForSearch('【特典付き】鬼滅の刃　２３巻')).toBe('特典付き 鬼滅の刃 23');
    expect(normalizeForSearch('Re:ゼロから始める異世界生活')).toBe('re ぜろから始める異世界生活');
    expect(normalizeForSearch('  ☆  ')).toBe('');
    expect(normalizeForSearch('a\t\nb')).toBe('a b');
  });
  test('makes a number a word of its own, with or without the 第 and 巻 of a volume', () => {
    const volumes = {
      '勇者の図書館 19': [
        '勇者の図書館19',
        '勇者の図書館 19',
        '勇者の図書館１９',
        '勇者の図書館 第19巻',
      ],
      'ゆるゆる転生 6': [
        'ゆるゆる転生6',
        'ゆるゆる転生 6巻',
        'ゆるゆる転生 ６ 巻',
        'ゆるゆる転生第6巻',
      ],
    };
    for (const [normalized, forms] of Object.entries(volumes)) {
      for (const form of forms) expect(normalizeForSearch(form)).toBe(normalized);
    }
    expect(normalizeForSearch('上巻 第三章')).toBe('上巻 第三章');
    expect(normalizeForSearch('FF14')).toBe('ff 14');
  });
  test('leaves kanji and small kana as they are', () => {
    expect(normalizeForSearch('呪術廻戦 ぁゃ')).toBe('呪術廻戦 ぁゃ');
  });
});

describe('properties', () => {
  test.prop([searchTextArb])('is idempotent: normalizing twice equals normalizing once', (text) => {
    expectIdempotent(normalizeForSearch, text);
  });
  test.prop([fc.string({ unit: 'binary' })])(
    'is idempotent on any string: normalizing twice equals normalizing once',
    (text) => {
      expectIdempotent(normalizeForSearch, text);
    },
  );
  test.prop([searchTextArb])(
    'folds kana: the katakana, hiragana and half-width spellings of a text give one form',
    (text) => {
      const hiragana = normalizeForSearch(text);
      const katakana = hiragana.replace(/[\u3041-\u3096\u309d\u309e]/gu, (kana) =>
        String.fromCodePoint((kana.codePointAt(0) as number) + 0x60),
      );
      expect(normalizeForSearch(katakana)).toBe(hiragana);
    },
  );
  test.prop([searchTextArb])(
    'folds width: the full-width spelling of a text gives the same form',
    (text) => {
      expect(normalizeForSearch(toFullWidth(text))).toBe(normalizeForSearch(text));
    },
  );
  test.prop([fc.string({ unit: 'grapheme' })])(
    'is idempotent on any text of whole characters: normalizing twice equals normalizing once',
    (text) => {
      expectIdempotent(normalizeForSearch, text);
    },
  );
  test.prop([
    // A title ending in a digit runs into the number typed after it (0 then 1 is 01).
    searchTextArb.filter((title) => !/\d$/.test(normalizeForSearch(title))),
    fc.integer({ min: 1, max: 9999 }),
    fc.constantFrom('', ' ', '　'),
  ])(
    'ignores how a volume is written: N, ＮＮ, N巻, 第N巻, spaced or not, give one form',
    (title, volume, space) => {
      const fullWidth = toFullWidth(String(volume));
      const plain = normalizeForSearch(`${title} ${volume}`);
      for (const form of [
        `${title}${space}${volume}`,
        `${title}${space}${fullWidth}`,
        `${title}${space}${volume}巻`,
        `${title}${space}第${fullWidth}巻`,
      ]) {
        expect(normalizeForSearch(form)).toBe(plain);
      }
    },
  );
  test.prop([searchTextArb])(
    'has canonical spacing: no katakana, no leading, trailing or double spaces',
    (text) => {
      const form = normalizeForSearch(text);
      expect(form).not.toMatch(/[\u30a1-\u30f6]|^ | $| {2}/u);
    },
  );
});
