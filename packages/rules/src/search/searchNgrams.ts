import { assert } from '../_lib/assert';
import { normalizeForSearch } from './normalizeForSearch';

/**
 * Thrown by `searchNgrams` for a gram length that is not a positive integer.
 *
 * @example
 * expect(() => searchNgrams('東方', 0)).toThrow(INVALID_NGRAM_LENGTH_MESSAGE);
 */
export const INVALID_NGRAM_LENGTH_MESSAGE = 'Expected a positive integer n-gram length.';

/**
 * The character n-grams of a text's search form (`normalizeForSearch`), unique and in order of
 * first appearance. Grams never cross a space (each word is cut on its own) and count code
 * points, so a kanji outside the BMP is one character. A word shorter than `n` gives no gram.
 *
 * @example
 * searchNgrams('東方Project', 2); // ['東方', '方p', 'pr', 'ro', 'oj', 'je', 'ec', 'ct']
 * searchNgrams('鬼滅の刃 鬼', 1); // ['鬼', '滅', 'の', '刃']
 */
export function searchNgrams(text: string, n: number): string[] {
  assert(Number.isInteger(n) && n > 0, INVALID_NGRAM_LENGTH_MESSAGE);
  const grams = new Set<string>();
  for (const word of normalizeForSearch(text).split(' ')) {
    const chars = Array.from(word);
    for (let i = 0; i + n <= chars.length; i += 1) grams.add(chars.slice(i, i + n).join(''));
  }
  return [...grams];
}
