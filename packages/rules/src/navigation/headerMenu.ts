import { categoriesUnder } from '../search/categoriesUnder';
import type { SearchQuery } from '../search/searchQuery';
import { toSearchParams } from '../search/toSearchParams';
import { ROUTES } from './routes';

/**
 * One link of the header menu.
 *
 * @example
 * const link: HeaderMenuLink | undefined = HEADER_MENU.find((l) => l.label === 'コミック');
 * link?.href; // '/comic'
 */
export interface HeaderMenuLink {
  /** Stable English id, for keys and analytics. */
  readonly id: string;
  readonly label: string;
  readonly href: string;
  /** The search the link runs, for links to `/search` (to highlight the current one). */
  readonly query: Partial<SearchQuery> | null;
}

function searchLink(id: string, label: string, query: Partial<SearchQuery>): HeaderMenuLink {
  return { id, label, href: `${ROUTES.search.path()}?${toSearchParams(query)}`, query };
}

function routeLink(id: string, label: string, href: string): HeaderMenuLink {
  return { id, label, href, query: null };
}

/**
 * The 14 links of the header menu, in the order of docs/spec.md §2. Search links are built with
 * the search rules' `toSearchParams`, so they are exactly what `parseSearchParams` reads back.
 * コミック opens the `/comic` page (the spec gives it no search, and `/comic` is otherwise
 * unreachable); 中古 is the category 中古. 限定版リスト opens the product list of limited editions,
 * which also finds a title sold as a 限定版 variation (a search for 限定版 reads titles only). A
 * link named after a node of `CATEGORY_TREE` searches that node's whole subtree
 * (`categoriesUnder`: 小説 is 文庫 and ノベル).
 *
 * @example
 * HEADER_MENU.map((link) => link.label);
 * // ['TOP', '雑誌', 'コミック', '小説', '画集･攻略本', 'TRPG', 'BOYsLOVE', '読本･解説本', '中古',
 * //  '購入特典リスト', '限定版リスト', '本日発売リスト', 'ランキング', 'サイン本ギャラリー']
 * HEADER_MENU[3].query; // { categories: ['文庫', 'ノベル'] }
 */
export const HEADER_MENU: readonly HeaderMenuLink[] = [
  routeLink('top', 'TOP', ROUTES.top.path()),
  searchLink('magazine', '雑誌', { categories: categoriesUnder('magazine') }),
  routeLink('comic', 'コミック', ROUTES.comic.path()),
  searchLink('novel', '小説', { categories: categoriesUnder('novel') }),
  searchLink('artbook', '画集･攻略本', { categories: ['画集', '攻略本'] }),
  searchLink('trpg', 'TRPG', { categories: categoriesUnder('trpg') }),
  searchLink('boysLove', 'BOYsLOVE', { categories: categoriesUnder('bl') }),
  searchLink('guidebook', '読本･解説本', { categories: ['読本', '解説本'] }),
  searchLink('used', '中古', { categories: ['中古'] }),
  routeLink('benefitList', '購入特典リスト', ROUTES.benefitList.path()),
  routeLink('limitedEdition', '限定版リスト', ROUTES.productList.path({ type: 'limited' })),
  searchLink('releasedToday', '本日発売リスト', { filters: ['release'] }),
  routeLink('ranking', 'ランキング', ROUTES.ranking.path({ type: 'daily' })),
  routeLink('gallery', 'サイン本ギャラリー', ROUTES.gallery.path()),
];
