/**
 * Every product category a search can ask for (the `categories` query parameter), with its
 * label. The value is the Japanese name itself, as in the original shop's URLs. The six with
 * `searchForm: true` are the spec's search-form categories (section 9); the others are the ones
 * the header menu searches by (section 2: 画集, 攻略本, TRPG, BL, 読本, 解説本, 中古). All are valid
 * in a URL, so the header menu builds its links from this list.
 *
 * @example
 * CATEGORIES.filter((c) => c.searchForm).map((c) => c.value);
 * // ['コミック', '雑誌', '文庫', 'ノベル', '書籍', 'CD']
 */
export const CATEGORIES = [
  { value: 'コミック', label: 'コミック', searchForm: true },
  { value: '雑誌', label: '雑誌', searchForm: true },
  { value: '文庫', label: '文庫', searchForm: true },
  { value: 'ノベル', label: 'ノベル', searchForm: true },
  { value: '書籍', label: '書籍', searchForm: true },
  { value: 'CD', label: 'CD', searchForm: true },
  { value: '画集', label: '画集', searchForm: false },
  { value: '攻略本', label: '攻略本', searchForm: false },
  { value: 'TRPG', label: 'TRPG', searchForm: false },
  { value: 'BL', label: 'BL', searchForm: false },
  { value: '読本', label: '読本', searchForm: false },
  { value: '解説本', label: '解説本', searchForm: false },
  { value: '中古', label: '中古', searchForm: false },
] as const;

/**
 * A product category, e.g. `'コミック'` or `'画集'`.
 *
 * @example
 * const category: Category = '画集';
 */
export type Category = (typeof CATEGORIES)[number]['value'];
