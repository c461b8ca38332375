import { CATEGORIES } from './categories';
import { BROWSABLE_GENRES } from './genres';
import { SEARCH_FILTERS } from './searchFilters';
import { inCanonicalOrder, type SearchQuery } from './searchQuery';
import { DEFAULT_SORT } from './sortOptions';

/**
 * Writes a search as its canonical query string parameters: defaults (empty `q`, no categories,
 * genres or filters, `DEFAULT_SORT`, page 1) are left out, categories, genres and filters repeat their
 * parameter in list order. Any part may be omitted, so links such as the header menu's are
 * built from just what they set. `parseSearchParams` reads the result back unchanged.
 *
 * @example
 * toSearchParams({ categories: ['攻略本', '画集'] }).toString();
 * // 'categories=%E7%94%BB%E9%9B%86&categories=%E6%94%BB%E7%95%A5%E6%9C%AC'
 * `/search?${toSearchParams({ filters: ['release'] })}`; // '/search?filter=release'
 */
export function toSearchParams(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? '';
  if (q !== '') params.set('q', q);
  for (const category of inCanonicalOrder(query.categories ?? [], CATEGORIES)) {
    params.append('categories', category);
  }
  for (const genre of inCanonicalOrder(query.genres ?? [], BROWSABLE_GENRES)) {
    params.append('genres', genre);
  }
  for (const filter of inCanonicalOrder(query.filters ?? [], SEARCH_FILTERS)) {
    params.append('filter', filter);
  }
  if (query.sort !== undefined && query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  return params;
}
