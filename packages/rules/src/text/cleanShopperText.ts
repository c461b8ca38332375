import { findCardNumbers } from './findCardNumbers';

/**
 * Why a shopper's text was refused: a character that does not show as itself, or a card number.
 *
 * @example
 * const reason: ShopperTextRefusal = 'card_number';
 */
export type ShopperTextRefusal = 'invalid_characters' | 'card_number';

/**
 * How a field reads text: `multiline` (a message body) keeps line breaks (CR LF and CR become
 * LF) and tabs; any other field is one line, as a label prints it.
 *
 * @example
 * const body: ShopperTextOptions = { multiline: true };
 */
export interface ShopperTextOptions {
  multiline?: boolean;
}

/**
 * The text to store, or why it is refused.
 *
 * @example
 * const result: ShopperTextResult = cleanShopperText(form.street);
 * if (!result.ok) showError(shopperTextMessage('番地', result.reason));
 */
export type ShopperTextResult =
  | { ok: true; text: string }
  | { ok: false; reason: ShopperTextRefusal };

/**
 * Invisible characters that carry nothing in Japanese text and ride along with pasted text (web
 * pages, files, word processors): zero-width space, word joiner, byte order mark, soft hyphen.
 * Dropping them changes nothing a reader sees.
 */
const DROPPED = /[\u00AD\u200B\u2060\uFEFF]/g;

/** A zero-width joiner between two pictographs: part of one emoji (👨‍👩‍👧), kept. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/**
 * What does not show as itself: control characters (C0, DEL, C1), format characters (the bidi
 * controls U+202A-202E, U+2066-2069, LRM, RLM, ALM, which reorder what a label prints; joiners,
 * tag characters, invisible operators), every other default-ignorable character (Hangul fillers,
 * the combining grapheme joiner), line and paragraph separators, private-use characters (a glyph
 * only one system has), noncharacters, lone surrogates and U+FFFD (text that was already broken).
 * Variation selectors are default-ignorable too but are kept: they pick a kanji's variant glyph
 * (葛󠄀, an IVS) or an emoji's presentation.
 */
const FORBIDDEN =
  '[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\p{Noncharacter_Code_Point}\\uFFFD]';
const VARIATION_SELECTOR = '[\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]';
const FORBIDDEN_IN_LINE = new RegExp(`(?!${VARIATION_SELECTOR})${FORBIDDEN}`, 'u');
const FORBIDDEN_IN_LINES = new RegExp(`(?![\\n\\t]|${VARIATION_SELECTOR})${FORBIDDEN}`, 'u');

/**
 * A shopper's free text (a name, an address line, a building, a contact message) as it is stored
 * and printed, or why it is refused. Normalised: the invisible characters pasted text brings
 * (zero-width space, word joiner, BOM, soft hyphen) are dropped; NFKC folds full-width Latin
 * letters, digits and spaces and half-width katakana into one form (`ＡＢＣ１` → `ABC1`,
 * `ｶﾞ` → `ガ`, a full-width space → a space), leaving 々, ー, ヴ, kanji, variation selectors and
 * emoji as they are; outer spaces and line breaks are trimmed. Refused with
 * `invalid_characters`: anything that does not show as itself, such as U+202E RIGHT-TO-LEFT
 * OVERRIDE (it reverses what a label prints), other bidi controls, C0 and C1 controls, line
 * breaks outside a `multiline` text, a zero-width joiner outside an emoji, private-use
 * characters and U+FFFD. Refused with `card_number`: a card number (`findCardNumbers`), which
 * the shop never stores.
 *
 * @example
 * cleanShopperText('　銀座１－２－３\u200B '); // { ok: true, text: '銀座1-2-3' }
 * cleanShopperText('山田\u202E郎太'); // { ok: false, reason: 'invalid_characters' }
 * cleanShopperText('4111 1111 1111 1111'); // { ok: false, reason: 'card_number' }
 * cleanShopperText('1行目\r\n2行目', { multiline: true }); // { ok: true, text: '1行目\n2行目' }
 */
export function cleanShopperText(
  input: string,
  options: ShopperTextOptions = {},
): ShopperTextResult {
  const normalised = input.replace(DROPPED, '').normalize('NFKC');
  const text = (options.multiline ? normalised.replace(/\r\n?/g, '\n') : normalised).trim();
  const forbidden = options.multiline ? FORBIDDEN_IN_LINES : FORBIDDEN_IN_LINE;
  if (forbidden.test(text.replace(EMOJI_JOINER, ''))) {
    return { ok: false, reason: 'invalid_characters' };
  }
  if (findCardNumbers(text).length > 0) return { ok: false, reason: 'card_number' };
  return { ok: true, text };
}

/**
 * The Japanese message for a refused field, naming it by its label: the one text the API answers
 * and a form shows.
 *
 * @example
 * shopperTextMessage('番地', 'card_number'); // '番地にカード番号のような数字は入力できません'
 * shopperTextMessage('お名前', 'invalid_characters'); // 'お名前に使用できない文字が含まれています'
 */
export function shopperTextMessage(label: string, reason: ShopperTextRefusal): string {
  switch (reason) {
    case 'invalid_characters':
      return `${label}に使用できない文字が含まれています`;
    case 'card_number':
      return `${label}にカード番号のような数字は入力できません`;
  }
}
