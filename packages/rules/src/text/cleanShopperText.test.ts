import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  invisibleCharacterArb,
  legitimateTextArb,
  ordinaryNumbersTextArb,
  writtenCardArb,
} from '../../test/arbitraries';
import { cleanShopperText, shopperTextMessage } from './cleanShopperText';

const optionsArb = fc.constantFrom({}, { multiline: true });

/**
 * The laws' own reading of "does not show as itself": a control or format character, a line or
 * paragraph separator, a private-use or unpaired surrogate code unit, U+FFFD, a noncharacter or
 * a Hangul filler, other than a line break or tab in a multiline text and the joiner of an emoji.
 */
function invisibleCharacters(text: string, multiline: boolean): string[] {
  const withoutEmojiJoiners = text.replace(
    /(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu,
    '',
  );
  return [...withoutEmojiJoiners].filter(
    (ch) =>
      !(multiline && (ch === '\n' || ch === '\t')) &&
      (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\uFFFD\u3164\uFFA0\u115F\u1160]/u.test(ch) ||
        ch === '\u034F' ||
        (ch.codePointAt(0) as number) % 0x10000 >= 0xfffe),
  );
}

describe('cleanShopperText', () => {
  test('drops the invisible characters pasted text brings, folds widths and trims', () => {
    expect(cleanShopperText('\uFEFF　銀座１－２－３\u200B ')).toEqual({
      ok: true,
      text: '銀座1-2-3',
    });
    expect(cleanShopperText('ｻﾝﾌﾟﾙ\u00ADﾋﾞﾙ\u2060')).toEqual({ ok: true, text: 'サンプルビル' });
  });

  test('keeps Japanese text as it is: 々, ー, ヴ, kanji variants and emoji', () => {
    for (const text of [
      '佐々木',
      'ヴァイオリン',
      'メゾン・ド・ヴェール',
      '葛\u{E0100}飾区',
      '髙橋',
      '👨‍👩‍👧',
      '🏠❤️',
    ]) {
      expect(cleanShopperText(text)).toEqual({ ok: true, text });
    }
  });

  test('refuses right-to-left overrides and other bidi controls', () => {
    for (const bidi of [
      '\u202E',
      '\u202D',
      '\u202B',
      '\u2066',
      '\u2067',
      '\u2069',
      '\u200F',
      '\u061C',
    ]) {
      expect(cleanShopperText(`山田${bidi}太郎`)).toEqual({
        ok: false,
        reason: 'invalid_characters',
      });
    }
  });

  test('refuses C0 and C1 controls, joiners outside emoji, tags and private use', () => {
    for (const ch of [
      '\u0000',
      '\u001B',
      '\u007F',
      '\u0085',
      '\u009B',
      '\u200C',
      '\u200D',
      '\u{E0041}',
      '\uE000',
      '\uFFFD',
      '\uD800',
      '\u3164',
    ]) {
      expect(cleanShopperText(`ビル${ch}名`)).toEqual({ ok: false, reason: 'invalid_characters' });
    }
  });

  test('reads line breaks and tabs only in a multiline text, with CR LF as LF', () => {
    expect(cleanShopperText('1行目\n2行目')).toEqual({ ok: false, reason: 'invalid_characters' });
    expect(cleanShopperText('1行目\r\n2行目\r3行目\t終', { multiline: true })).toEqual({
      ok: true,
      text: '1行目\n2行目\n3行目\t終',
    });
    expect(cleanShopperText('本文\u2028続き', { multiline: true })).toEqual({
      ok: false,
      reason: 'invalid_characters',
    });
  });

  test('refuses a card number, however it is written', () => {
    expect(
      cleanShopperText('カード ４１１１－１１１１－１１１１－１１１１ です', { multiline: true }),
    ).toEqual({
      ok: false,
      reason: 'card_number',
    });
    expect(cleanShopperText('銀座4111111111111111')).toEqual({ ok: false, reason: 'card_number' });
  });

  test('lets phone numbers, postal codes and ISBNs through', () => {
    const text = '〒104-0061 東京都中央区銀座1-2-3 TEL 090-1234-5678 ISBN978-4-00-063352-9';
    expect(cleanShopperText(text)).toEqual({ ok: true, text });
  });
});

describe('shopperTextMessage', () => {
  test('names the field in Japanese', () => {
    expect(shopperTextMessage('番地', 'card_number')).toBe(
      '番地にカード番号のような数字は入力できません',
    );
    expect(shopperTextMessage('お名前', 'invalid_characters')).toBe(
      'お名前に使用できない文字が含まれています',
    );
  });
});

describe('properties', () => {
  const mixedTextArb = fc
    .array(
      fc.oneof(
        legitimateTextArb,
        invisibleCharacterArb,
        fc.string({ unit: 'binary', maxLength: 8 }),
      ),
      { maxLength: 6 },
    )
    .map((parts) => parts.join(''));

  test.prop([mixedTextArb, optionsArb])(
    'is clean: no accepted text contains a character that does not show as itself',
    (input, options) => {
      const result = cleanShopperText(input, options);
      if (result.ok)
        expect(invisibleCharacters(result.text, options.multiline === true)).toEqual([]);
    },
  );
  test.prop([
    legitimateTextArb,
    invisibleCharacterArb.filter((ch) => !'\r\n\t\u200D'.includes(ch)),
    legitimateTextArb,
    optionsArb,
  ])(
    'leaves no trace of the invisible characters the issue names: refused, or dropped',
    (before, invisible, after, options) => {
      const result = cleanShopperText(`${before}${invisible}${after}`, options);
      if (result.ok) expect(result.text).not.toContain(invisible);
    },
  );
  test.prop([mixedTextArb, optionsArb])(
    'is idempotent: cleaning an accepted text again gives it back unchanged',
    (input, options) => {
      const once = cleanShopperText(input, options);
      if (once.ok) expect(cleanShopperText(once.text, options)).toEqual(once);
    },
  );
  test.prop([legitimateTextArb])('changes legitimate text only by NFKC and trimming', (text) => {
    expect(cleanShopperText(text)).toEqual({ ok: true, text: text.normalize('NFKC').trim() });
  });
  test.prop([writtenCardArb, legitimateTextArb, legitimateTextArb, optionsArb])(
    'refuses every card number written in any text',
    ({ written }, before, after, options) => {
      // A space keeps the number from joining a Latin letter of the text around it.
      expect(cleanShopperText(`${before} ${written} ${after}`, options)).toEqual({
        ok: false,
        reason: 'card_number',
      });
    },
  );
  test.prop([ordinaryNumbersTextArb])(
    'accepts ordinary Japanese addresses and messages with their phone numbers and postal codes',
    (text) => {
      const result = cleanShopperText(text, { multiline: true });
      expect(result).toEqual({ ok: true, text: text.normalize('NFKC').trim() });
    },
  );
});
