import { normalizeForSearch } from './normalizeForSearch';

// Kana by the vowel they end in (small kana included: きょう is kyō).
const A_ROW = 'あかさたなはまやらわがざだばぱぁゃゎ';
const O_ROW = 'おこそとのほもよろをごぞどぼぽぉょ';
const U_ROW = 'うくすつぬふむゆるぐずづぶぷぅゅゔ';
// A long vowel as romaji without macrons writes it: ああ → a, おう and おお → o, うう → u; ー goes.
// (えい and いい are written ei and ii, so they stay.)
const LONG_VOWELS = new RegExp(`([${A_ROW}])あ+|([${O_ROW}])[うお]+|([${U_ROW}])う+|ー`, 'gu');

/**
 * A reading with its long vowels folded the way romaji typed without macrons spells them
 * (Hepburn's ō written o: ゆうしゃ is typed yusha, まおう mao, スター suta), on the
 * `normalizeForSearch` form of the text. Search stores this beside each reading and folds the
 * kana of a romaji query the same way, so yusha finds 勇者 (ユウシャ) while yuusha and ゆうしゃ
 * still match the reading as written. Idempotent.
 *
 * @example
 * foldLongVowels('ユウシャ'); // 'ゆしゃ'
 * foldLongVowels('まおう'); // 'まお'
 * foldLongVowels('スター'); // 'すた'
 * foldLongVowels('とおり'); // 'とり'
 * foldLongVowels('せんせい'); // 'せんせい'
 */
export function foldLongVowels(reading: string): string {
  let current = normalizeForSearch(reading);
  for (;;) {
    // Normalised again: a dropped ー can bring a voiced-sound mark next to its kana (ﾎーﾞ).
    const next = normalizeForSearch(current.replace(LONG_VOWELS, '$1$2$3'));
    if (next === current) return next;
    current = next;
  }
}
