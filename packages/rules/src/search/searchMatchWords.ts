import { normalizeForSearch } from './normalizeForSearch';

// A space beside a number: gone, so a number stays with the word it numbers.
const SPACE_BESIDE_NUMBER = / (?=\d)|(?<=\d) /gu;

/**
 * The strings a product's `searchableText` must all contain for a search key to match it: the
 * words of the key's `normalizeForSearch` form, each number joined to the words beside it. The
 * searchable text has no spaces, so 勇者の図書館19, 勇者の図書館 19 and 勇者の図書館１９ all look
 * for 勇者の図書館19, and a number looks for itself only where it numbers that title: on its own
 * it would match a digit of every ISBN.
 *
 * @example
 * searchMatchWords('ゆるゆる転生 6巻'); // ['ゆるゆる転生6']
 * searchMatchWords('鬼滅 刃'); // ['鬼滅', '刃']
 * searchMatchWords('2024年 12月号'); // ['2024年12月号']
 * searchMatchWords(' ・ '); // []
 */
export function searchMatchWords(key: string): string[] {
  const normalized = normalizeForSearch(key);
  if (normalized === '') return [];
  return normalized.replace(SPACE_BESIDE_NUMBER, '').split(' ');
}
