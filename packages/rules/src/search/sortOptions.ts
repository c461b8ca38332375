/**
 * The search result orders of the spec (section 9), with their Japanese labels, in the order the
 * sort menu shows them.
 *
 * @example
 * SORT_OPTIONS.map((o) => o.label); // ['関連度順', '人気順', '新着順']
 */
export const SORT_OPTIONS = [
  { value: 'relevance_score-desc', label: '関連度順' },
  { value: 'order_count-desc', label: '人気順' },
  { value: 'new_arrival-desc', label: '新着順' },
] as const;

/**
 * A search result order: `relevance_score-desc`, `order_count-desc` or `new_arrival-desc`.
 *
 * @example
 * const sort: SearchSort = 'order_count-desc';
 */
export type SearchSort = (typeof SORT_OPTIONS)[number]['value'];

/**
 * The order used when a search names none: newest first (spec section 9).
 *
 * @example
 * DEFAULT_SORT; // 'new_arrival-desc'
 */
export const DEFAULT_SORT: SearchSort = 'new_arrival-desc';
