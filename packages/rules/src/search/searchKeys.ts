import { toHiragana } from 'wanakana';
import { foldLongVowels } from './foldLongVowels';
import { normalizeForSearch } from './normalizeForSearch';

// Hepburn writes a long vowel with a macron (maō), Kunrei-shiki with a circumflex (maô), and
// passports with an h (maoh): each spelled out as the kana it stands for before converting.
const MARKED_VOWELS: Readonly<Record<string, string>> = {
  ā: 'aa',
  â: 'aa',
  ī: 'ii',
  î: 'ii',
  ū: 'uu',
  û: 'uu',
  ē: 'ee',
  ê: 'ee',
  ō: 'ou',
  ô: 'ou',
};
const MARKED_VOWEL = /[āâīîūûēêōô]/gu;
const PASSPORT_OH = /oh(?![aiueoy])/gu;

// A search form written only in Latin letters, digits, spaces and ー (from a typed hyphen).
const LATIN_ONLY = /^[a-z0-9ー ]*[a-z][a-z0-9ー ]*$/;
const LATIN_LETTER = /[a-z]/;

/**
 * The alternative search forms of a query, any of which may match: its `normalizeForSearch` form
 * and, for a query typed in romaji only (Hepburn or Kunrei-shiki: shi/si, tsu/tu, fu/hu, a long
 * vowel doubled, with a macron or circumflex, or as oh), its kana reading (`bocchi` → `ぼっち`)
 * and that reading with its long vowels folded (`foldLongVowels`: `yusha` → `ゆしゃ`, the form
 * stored beside every reading), so a shopper without a Japanese keyboard still finds titles by
 * their reading. The reading is offered only when every letter converts; an English word still
 * gets a (useless but harmless) reading, which only adds candidates. A blank query has no key.
 *
 * @example
 * searchKeys('Bocchi'); // ['bocchi', 'ぼっち']
 * searchKeys('maou'); // ['maou', 'まおう', 'まお']
 * searchKeys('maō'); // ['maō', 'まおう', 'まお']
 * searchKeys('ra-men'); // ['raーmen', 'らーめん', 'らめん']
 * searchKeys('ボッチ'); // ['ぼっち']
 * searchKeys('xyz'); // ['xyz']
 * searchKeys('  '); // []
 */
export function searchKeys(query: string): string[] {
  const normalized = normalizeForSearch(query);
  if (normalized === '') return [];
  const spelled = normalized
    .replace(MARKED_VOWEL, (vowel) => MARKED_VOWELS[vowel] ?? vowel)
    .replace(PASSPORT_OH, 'ou');
  if (!LATIN_ONLY.test(spelled)) return [normalized];
  const reading = normalizeForSearch(toHiragana(spelled, { convertLongVowelMark: false }));
  if (LATIN_LETTER.test(reading) || reading === normalized) return [normalized];
  return [...new Set([normalized, reading, foldLongVowels(reading)])];
}
