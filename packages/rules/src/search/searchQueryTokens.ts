import { normalizeForSearch } from './normalizeForSearch';
import { searchNgrams } from './searchNgrams';

/**
 * The tokens a query needs, all of which a match must hold in its `searchIndexTokens`: the
 * bi-grams of each word of two characters or more, and one-character words (猫) as they are.
 * Unique, in order; empty for a blank query.
 *
 * @example
 * searchQueryTokens('鬼滅 刃'); // ['鬼滅', '刃']
 * searchQueryTokens('ボッチ'); // ['ぼっ', 'っち']
 */
export function searchQueryTokens(query: string): string[] {
  const tokens = new Set<string>();
  for (const word of normalizeForSearch(query).split(' ')) {
    const grams = Array.from(word).length === 1 ? [word] : searchNgrams(word, 2);
    for (const gram of grams) tokens.add(gram);
  }
  return [...tokens];
}
