import { CATEGORIES, SEARCH_FILTERS, type SearchQuery } from '@shop/rules';

/** A heading for a search in words: 「限定版」の検索結果, or what the search narrows to. */
export function searchTitle(query: SearchQuery): string {
  const parts = [
    ...query.categories.map((c) => CATEGORIES.find((x) => x.value === c)?.label ?? c),
    ...query.filters.map((f) => SEARCH_FILTERS.find((x) => x.value === f)?.label ?? f),
  ];
  if (query.q) return `「${query.q}」の検索結果`;
  if (parts.length > 0) return `${parts.join('・')}の商品`;
  return 'すべての商品';
}
