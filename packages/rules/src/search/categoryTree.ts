import type { Category } from './categories';

/**
 * A node of the category tree: a slug, a Japanese label, the categories it searches, children.
 *
 * @example
 * const node: CategoryTreeNode = { value: 'bl', label: 'BL', categories: ['BL'], children: [] };
 */
export interface CategoryTreeNode {
  readonly value: string;
  readonly label: string;
  /** The `CATEGORIES` values a search for this node asks for. */
  readonly categories: readonly Category[];
  readonly children: readonly CategoryTreeNode[];
}

/**
 * The browsing tree of the spec (section 9): books, novel (bunko, tankoubon), magazine,
 * comic_all, bl, games, trpg. Each node names the `CATEGORIES` it searches, so a tree link is a
 * `toSearchParams({ categories })` away.
 *
 * @example
 * CATEGORY_TREE.find((n) => n.value === 'novel')?.children.map((c) => c.label);
 * // ['文庫', '単行本']
 */
export const CATEGORY_TREE: readonly CategoryTreeNode[] = [
  { value: 'books', label: '書籍', categories: ['書籍'], children: [] },
  {
    value: 'novel',
    label: '小説',
    categories: ['文庫', 'ノベル'],
    children: [
      { value: 'bunko', label: '文庫', categories: ['文庫'], children: [] },
      { value: 'tankoubon', label: '単行本', categories: ['ノベル'], children: [] },
    ],
  },
  { value: 'magazine', label: '雑誌', categories: ['雑誌'], children: [] },
  { value: 'comic_all', label: 'コミック', categories: ['コミック'], children: [] },
  { value: 'bl', label: 'BL', categories: ['BL'], children: [] },
  { value: 'games', label: 'ゲーム', categories: ['攻略本'], children: [] },
  { value: 'trpg', label: 'TRPG', categories: ['TRPG'], children: [] },
];
