import { CATEGORIES } from './categories';
import { BROWSABLE_GENRES } from './genres';
import { SEARCH_FILTERS } from './searchFilters';
import {
  inCanonicalOrder,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_PAGE,
  type SearchQuery,
} from './searchQuery';
import { DEFAULT_SORT, SORT_OPTIONS } from './sortOptions';

const SPACING = /[\s\p{Cc}]+/gu;
const DIGITS = /^\d+$/;

function cleanQuery(raw: string): string {
  const collapsed = raw.replace(SPACING, ' ').trim();
  return Array.from(collapsed).slice(0, MAX_QUERY_LENGTH).join('').trimEnd();
}

// A list parameter may repeat (`categories=a&categories=b`) or be comma-separated (`a,b`); values
// are read through NFKC so full-width input (ＣＤ) still names the category.
function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.normalize('NFKC').trim());
}

function pageParam(raw: string | null): number {
  const value = raw?.normalize('NFKC').trim() ?? '';
  if (!DIGITS.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_SEARCH_PAGE);
}

/**
 * Reads the search page's query string (`q`, `categories`, `genres`, `filter`, `sort`, `page`) into a
 * `SearchQuery`. Never throws: unknown categories, genres (and `all`), filters and sorts are dropped, a missing or
 * malformed page is 1 and a page past `MAX_SEARCH_PAGE` is the last page.
 *
 * @example
 * parseSearchParams('?q=+鬼滅++の刃+&categories=コミック&categories=謎&filter=benefit&page=2');
 * // { q: '鬼滅 の刃', categories: ['コミック'], genres: [], filters: ['benefit'],
 * //   sort: 'new_arrival-desc', page: 2 }
 */
export function parseSearchParams(input: string | URLSearchParams): SearchQuery {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  const sort = SORT_OPTIONS.find((option) => option.value === params.get('sort')?.trim());
  return {
    q: cleanQuery(params.get('q') ?? ''),
    categories: inCanonicalOrder(listParam(params, 'categories'), CATEGORIES),
    genres: inCanonicalOrder(listParam(params, 'genres'), BROWSABLE_GENRES),
    filters: inCanonicalOrder(listParam(params, 'filter'), SEARCH_FILTERS),
    sort: sort?.value ?? DEFAULT_SORT,
    page: pageParam(params.get('page')),
  };
}
