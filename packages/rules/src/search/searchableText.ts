import { foldLongVowels } from './foldLongVowels';
import { normalizeForSearch } from './normalizeForSearch';

/**
 * What a product is searchable by: its own texts (title, series, author, circle, publisher, ISBN,
 * bonus) and the readings (ヨミ) of its title, series, author and circle, as publisher feeds give
 * them (katakana, or any kana).
 *
 * @example
 * const input: SearchableInput = { texts: ['魔王の図書館 3'], readings: ['マオウノトショカン 3'] };
 */
export interface SearchableInput {
  readonly texts: readonly (string | null | undefined)[];
  readonly readings: readonly (string | null | undefined)[];
}

/**
 * The text search matches a query's words against (products.search_text): the
 * `normalizeForSearch` form of every text, then every reading and its `foldLongVowels` form, with
 * no space at all, so how a title is spaced never decides whether a query finds it
 * (ぼっちざろっく finds ぼっち・ざ・ろっく and ぼっち ざ ろっく). A word of the query matches
 * anywhere in it, also across two of the texts (a harmless over-match: relevance ranks by
 * the title).
 *
 * @example
 * searchableText({ texts: ['魔王の図書館 3', '佐藤あかり'], readings: ['マオウノトショカン', 'サトウアカリ'] });
 * // '魔王の図書館3佐藤あかりまおうのとしょかんまおのとしょかんさとうあかりさとあかり'
 */
export function searchableText({ texts, readings }: SearchableInput): string {
  const parts: string[] = [];
  for (const text of texts) if (text) parts.push(normalizeForSearch(text));
  for (const reading of readings) {
    if (!reading) continue;
    const written = normalizeForSearch(reading);
    const folded = foldLongVowels(written);
    parts.push(written);
    if (folded !== written) parts.push(folded);
  }
  return parts.join('').replace(/ /g, '');
}
