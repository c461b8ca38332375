/**
 * The search filters of the spec (section 9), as the `filter` query parameter values, with their
 * Japanese labels. Several filters narrow together (a product must pass every one of them).
 *
 * @example
 * SEARCH_FILTERS.map((f) => f.label); // ['特典付き', '1週間以内に発売', '明日以降発売']
 */
export const SEARCH_FILTERS = [
  { value: 'benefit', label: '特典付き' },
  { value: 'release', label: '1週間以内に発売' },
  { value: 'reserve', label: '明日以降発売' },
] as const;

/**
 * A search filter: `benefit`, `release` or `reserve`.
 *
 * @example
 * const filter: SearchFilter = 'release';
 */
export type SearchFilter = (typeof SEARCH_FILTERS)[number]['value'];
