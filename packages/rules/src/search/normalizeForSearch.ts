// Every long-vowel, dash and wave variant a shopper or a publisher may type for ー. NFKC already
// maps the half-width ｰ to ー and the full-width ～ to ~, so those forms are covered too.
const LONG_VOWEL_VARIANTS = /[ー~〜〰‐‑‒–—―─━−⁓﹘﹣-]+/gu;
// Characters that join the parts of one word: ・ in katakana names (ハリー・ポッター) and the
// apostrophe in English titles (Don't) are usually left out when shoppers type the same word.
const WORD_JOINERS = /[・'’‘`]/gu;
// Whatever remains of punctuation, symbols, separators and controls splits words.
const SEPARATORS = /[\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}\s]+/gu;
// A voiced or semi-voiced sound mark left at the start of a word (ﾎ。ﾟ: punctuation between the
// kana and its mark) belongs to no kana: dropped, or the spaceless search text would join it to the
// kana before the space while the query keeps it apart.
const DETACHED_SOUND_MARKS = /(^| )[\u3099\u309a]+/gu;
// No Japanese word starts with a long vowel: a leading ー is a decorative wave (〜サブタイトル〜).
const LEADING_LONG_VOWEL = /(^| )ー/gu;
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/gu;
// A volume number is written 6, 6巻, 第6巻 or ６巻 by publishers and shoppers alike: the 第 and 巻
// around a number are dropped, so each spelling leaves the number alone.
const VOLUME_MARKS = /(?:第 ?)?(\d+)(?: ?巻)?/gu;
// A number is a word of its own (勇者の図書館19 and 勇者の図書館 19 are one title): a space
// between a digit and any other character.
const DIGIT_BOUNDARY = /(?<=\d)(?=[^\d ])|(?<=[^\d ])(?=\d)/gu;
// The offset between a katakana code point and the hiragana with the same sound.
const KATAKANA_TO_HIRAGANA = 0x60;

// ヷ ヸ ヹ ヺ are ワ ヰ ヱ ヲ with the voiced mark, composed; hiragana has no composed form of them,
// so わ゙ typed as hiragana stays two characters: they become the hiragana and the mark.
const VOICED_W_ROW = /[\u30f7-\u30fa]/gu;
const VOICED_W_TO_PLAIN = 8;

function toHiraganaOnly(text: string): string {
  return text
    .replace(
      VOICED_W_ROW,
      (kana) =>
        `${String.fromCodePoint((kana.codePointAt(0) as number) - VOICED_W_TO_PLAIN)}\u3099`,
    )
    .replace(KATAKANA, (kana) =>
      String.fromCodePoint((kana.codePointAt(0) as number) - KATAKANA_TO_HIRAGANA),
    );
}

/** One pass of the folding; `normalizeForSearch` repeats it until nothing changes. */
function foldOnce(text: string): string {
  return (
    toHiraganaOnly(text.normalize('NFKC').toLowerCase().normalize('NFKC'))
      .replace(WORD_JOINERS, '')
      // A joiner left out can bring a voiced-sound mark to the kana before it (ｹ’ﾞ): compose them,
      // or normalizing the result again would (the result would not be its own normal form).
      .normalize('NFKC')
      .replace(LONG_VOWEL_VARIANTS, 'ー')
      .replace(SEPARATORS, ' ')
      .replace(DETACHED_SOUND_MARKS, '$1')
      .replace(LEADING_LONG_VOWEL, '$1')
      .replace(VOLUME_MARKS, ' $1 ')
      .replace(DIGIT_BOUNDARY, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** Passes that still change something after the first are rare and short; a bound guards it. */
const MAX_PASSES = 8;

/**
 * Folds a title or a query into the one form that search compares: NFKC (full-width letters and
 * digits, half-width katakana), lower case, katakana to hiragana, every long-vowel/dash/wave
 * variant to a single ー (dropped at the start of a word), ・ and apostrophes removed, other
 * punctuation and symbols to one space, a number a word of its own with the 第 and 巻 of a
 * volume number dropped, spacing collapsed and trimmed. The steps repeat until the text no longer
 * changes, so the result is always its own normal form (idempotent by construction: a step
 * can bring characters together that an earlier step would have folded). The server and the
 * storefront use the same function.
 *
 * @example
 * normalizeForSearch('ﾎﾞｯﾁ・ザ・ﾛｯｸ！'); // 'ぼっちざろっく'
 * normalizeForSearch('〜ラーメン－大盛り～'); // 'らーめんー大盛りー'
 * normalizeForSearch('ＯＮＥ　ＰＩＥＣＥ'); // 'one piece'
 * normalizeForSearch('ゆるゆる転生 第６巻'); // 'ゆるゆる転生 6'
 * normalizeForSearch('勇者の図書館19'); // '勇者の図書館 19'
 */
export function normalizeForSearch(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = foldOnce(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}
