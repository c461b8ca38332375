import type { Category } from './categories';
import type { Genre } from './genres';
import type { SearchFilter } from './searchFilters';
import type { SearchSort } from './sortOptions';

/**
 * A parsed search: what `parseSearchParams` returns and `toSearchParams` writes.
 *
 * @example
 * const query: SearchQuery = parseSearchParams('q=猫&filter=benefit');
 */
export interface SearchQuery {
  /** The keywords as typed, trimmed, inner spacing collapsed, at most `MAX_QUERY_LENGTH` long. */
  q: string;
  /** Known categories, without repeats, in `CATEGORIES` order. */
  categories: Category[];
  /**
   * Known genres (the `genres` parameter), without repeats, in `GENRES` order; `all` is never
   * kept, since no genre filter already means every genre.
   */
  genres: Exclude<Genre, 'all'>[];
  /** Known filters, without repeats, in `SEARCH_FILTERS` order (the `filter` parameter). */
  filters: SearchFilter[];
  sort: SearchSort;
  /** 1-based, at most `MAX_SEARCH_PAGE`. */
  page: number;
}

/**
 * The longest keyword string a search keeps, in characters (code points); longer input is cut.
 *
 * @example
 * MAX_QUERY_LENGTH; // 100
 */
export const MAX_QUERY_LENGTH = 100;

/**
 * The deepest result page a search serves; a larger page number is read as this one.
 *
 * @example
 * MAX_SEARCH_PAGE; // 100
 */
export const MAX_SEARCH_PAGE = 100;

/**
 * The values of `allowed` that occur in `values`, once each, in the order of `allowed`.
 *
 * @example
 * inCanonicalOrder(['reserve', 'x', 'benefit'], SEARCH_FILTERS); // ['benefit', 'reserve']
 */
export function inCanonicalOrder<T extends string>(
  values: readonly string[],
  allowed: readonly { readonly value: T }[],
): T[] {
  const wanted = new Set(values);
  return allowed.filter((option) => wanted.has(option.value)).map((option) => option.value);
}
