// The public API of @shop/rules. Explicit named re-exports only (no `export *`), so a bundler
// keeps just the rules a frontend imports. Each area keeps to its own section.

// ── schemas ──

// ── catalog ──

// ── calendar ──

// ── checkout ──

// ── search ──
export type { Category } from './search/categories';
export { CATEGORIES } from './search/categories';
export type { CategoryTreeNode } from './search/categoryTree';
export { CATEGORY_TREE } from './search/categoryTree';
export type { Genre } from './search/genres';
export { GENRES } from './search/genres';
export { normalizeForSearch } from './search/normalizeForSearch';
export { parseSearchParams } from './search/parseSearchParams';
export { QUICK_SEARCHES } from './search/quickSearches';
export type { SearchFilter } from './search/searchFilters';
export { SEARCH_FILTERS } from './search/searchFilters';
export { searchIndexTokens } from './search/searchIndexTokens';
export { searchKeys } from './search/searchKeys';
export { INVALID_NGRAM_LENGTH_MESSAGE, searchNgrams } from './search/searchNgrams';
export type { SearchQuery } from './search/searchQuery';
export { MAX_QUERY_LENGTH, MAX_SEARCH_PAGE } from './search/searchQuery';
export { searchQueryTokens } from './search/searchQueryTokens';
export type { SearchSort } from './search/sortOptions';
export { DEFAULT_SORT, SORT_OPTIONS } from './search/sortOptions';
export { toSearchParams } from './search/toSearchParams';

// ── navigation ──

// ── media ──

// ── ui ──
