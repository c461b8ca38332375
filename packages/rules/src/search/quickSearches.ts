import type { SearchQuery } from './searchQuery';

/**
 * The quick-search links shown beside the search box (spec section 9: 有償特典付), each with the
 * search it runs. 有償特典付 (items sold with a paid bonus) is a keyword search for 有償特典: the
 * data has no "paid" flag on a benefit, and such editions carry the words in their titles
 * (【有償特典付】…), which `normalizeForSearch` matches with or without 付き.
 *
 * @example
 * `/search?${toSearchParams(QUICK_SEARCHES[0].query)}`; // '/search?q=有償特典' (URL-encoded)
 */
export const QUICK_SEARCHES = [
  { label: '有償特典付', query: { q: '有償特典' } },
] as const satisfies readonly { label: string; query: Partial<SearchQuery> }[];
