import { searchNgrams } from './searchNgrams';

/**
 * The tokens to store for a searchable text (a title, an author): its uni-grams then its
 * bi-grams, from `searchNgrams`. Pairs with `searchQueryTokens`: a text matches a query when it
 * holds every query token.
 *
 * @example
 * searchIndexTokens('ネコ'); // ['ね', 'こ', 'ねこ']
 */
export function searchIndexTokens(text: string): string[] {
  return [...searchNgrams(text, 1), ...searchNgrams(text, 2)];
}
