// Every long-vowel, dash and wave variant a shopper or a publisher may type for ー. NFKC already
// maps the half-width ｰ to ー and the full-width ～ to ~, so those forms are covered too.
const LONG_VOWEL_VARIANTS = /[ー~〜〰‐‑‒–—―─━−⁓﹘﹣-]+/gu;
// Characters that join the parts of one word: ・ in katakana names (ハリー・ポッター) and the
// apostrophe in English titles (Don't) are usually left out when shoppers type the same word.
const WORD_JOINERS = /[・'’‘`]/gu;
// Whatever remains of punctuation, symbols, separators and controls splits words.
const SEPARATORS = /[\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}\s]+/gu;
// No Japanese word starts with a long vowel: a leading ー is a decorative wave (〜サブタイトル〜).
const LEADING_LONG_VOWEL = /(^| )ー/gu;
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/gu;
// The offset between a katakana code point and the hiragana with the same sound.
const KATAKANA_TO_HIRAGANA = 0x60;

function toHiraganaOnly(text: string): string {
  return text.replace(KATAKANA, (kana) =>
    String.fromCodePoint((kana.codePointAt(0) as number) - KATAKANA_TO_HIRAGANA),
  );
}

/**
 * Folds a title or a query into the one form that search compares: NFKC (full-width letters and
 * digits, half-width katakana), lower case, katakana to hiragana, every long-vowel/dash/wave
 * variant to a single ー (dropped at the start of a word), ・ and apostrophes removed, other punctuation and symbols to one space,
 * spacing collapsed and trimmed. Idempotent; the server and the storefront use the same function.
 *
 * @example
 * normalizeForSearch('ﾎﾞｯﾁ・ザ・ﾛｯｸ！'); // 'ぼっちざろっく'
 * normalizeForSearch('〜ラーメン－大盛り～'); // 'らーめんー大盛りー'
 * normalizeForSearch('ＯＮＥ　ＰＩＥＣＥ'); // 'one piece'
 */
export function normalizeForSearch(text: string): string {
  return (
    toHiraganaOnly(text.normalize('NFKC').toLowerCase().normalize('NFKC'))
      .replace(WORD_JOINERS, '')
      // A joiner left out can bring a voiced-sound mark to the kana before it (ｹ’ﾞ): compose them,
      // or normalizing the result again would (the result would not be its own normal form).
      .normalize('NFKC')
      .replace(LONG_VOWEL_VARIANTS, 'ー')
      .replace(SEPARATORS, ' ')
      .replace(LEADING_LONG_VOWEL, '$1')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}
