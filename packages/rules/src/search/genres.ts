/**
 * The genres of the spec (section 9) with Japanese labels, in the spec's order; `all` is the
 * "every genre" choice.
 *
 * @example
 * GENRES.find((g) => g.value === 'comic_girls')?.label; // '女性向けコミック'
 */
export const GENRES = [
  { value: 'all', label: 'すべて' },
  { value: 'comic', label: 'コミック' },
  { value: 'comic_boys', label: '男性向けコミック' },
  { value: 'comic_girls', label: '女性向けコミック' },
  { value: 'novel', label: '小説' },
  { value: 'magazine', label: '雑誌' },
  { value: 'games', label: 'ゲーム' },
  { value: 'trpg', label: 'TRPG' },
  { value: 'books', label: '書籍' },
  { value: 'bl', label: 'BL' },
] as const;

/**
 * A genre value, e.g. `'comic_boys'`.
 *
 * @example
 * const genre: Genre = 'comic_boys';
 */
export type Genre = (typeof GENRES)[number]['value'];

/**
 * The genres a shopper can browse and a search can filter by: `GENRES` without `all` (no genre
 * filter already means every genre), in the same order. The ジャンル一覧 page lists these.
 *
 * @example
 * BROWSABLE_GENRES[0]; // { value: 'comic', label: 'コミック' }
 * toSearchParams({ genres: ['novel'] }).toString(); // 'genres=novel'
 */
export const BROWSABLE_GENRES = GENRES.filter(
  (genre): genre is Exclude<(typeof GENRES)[number], { value: 'all' }> => genre.value !== 'all',
);
