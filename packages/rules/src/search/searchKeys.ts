import { toHiragana } from 'wanakana';
import { normalizeForSearch } from './normalizeForSearch';

// A search form written only in Latin letters, digits, spaces and ー (from a typed hyphen).
const LATIN_ONLY = /^[a-z0-9ー ]*[a-z][a-z0-9ー ]*$/;
const LATIN_LETTER = /[a-z]/;

/**
 * The alternative search forms of a query, any of which may match: its `normalizeForSearch` form
 * and, for a query typed in romaji only, its kana reading (`bocchi` → `ぼっち`), so a shopper
 * without a Japanese keyboard still finds kana titles. The reading is offered only when every
 * letter converts; an English word still gets a (useless but harmless) reading, which only adds
 * candidates. A blank query has no key.
 *
 * @example
 * searchKeys('Bocchi'); // ['bocchi', 'ぼっち']
 * searchKeys('ra-men'); // ['raーmen', 'らーめん']
 * searchKeys('ボッチ'); // ['ぼっち']
 * searchKeys('xyz'); // ['xyz']
 * searchKeys('  '); // []
 */
export function searchKeys(query: string): string[] {
  const normalized = normalizeForSearch(query);
  if (normalized === '') return [];
  if (!LATIN_ONLY.test(normalized)) return [normalized];
  const reading = normalizeForSearch(toHiragana(normalized, { convertLongVowelMark: false }));
  if (LATIN_LETTER.test(reading) || reading === normalized) return [normalized];
  return [normalized, reading];
}
