// Hiragana ぁ..ゖ sit exactly 0x60 below their katakana ァ..ヶ.
const HIRAGANA = /[\u3041-\u3096]/g;
const KATAKANA_OFFSET = 0x60;

/** Full-width katakana (ァ..ヶ), the long vowel mark ー, the middle dot ・ and spaces. */
const KATAKANA_READING = /^[\u30A1-\u30F6\u30FC\u30FB ]+$/;

/**
 * A name reading (セイ / メイ) in full-width katakana, or undefined when it is not kana. Hiragana
 * and half-width katakana (ﾀﾛｳ) are converted, a full-width space becomes a half-width one, and
 * surrounding spaces are dropped; kanji, Latin letters and digits are refused.
 *
 * @example
 * normalizeKana('やまだ'); // 'ヤマダ'
 * normalizeKana('ﾀﾛｳ'); // 'タロウ'
 * normalizeKana('山田'); // undefined
 */
export function normalizeKana(input: string): string | undefined {
  const s = input
    .normalize('NFKC')
    .trim()
    .replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + KATAKANA_OFFSET))
    .replace(/\u3000/g, ' ');
  return KATAKANA_READING.test(s) ? s : undefined;
}
