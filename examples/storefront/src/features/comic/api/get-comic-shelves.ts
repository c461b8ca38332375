import { type SearchQuery, toSearchParams } from '@shop/rules';
import type { ApiClient } from '../../../lib/api-client';
import type { ProductCard, SearchResult } from '../../../types/api';

export interface ComicShelves {
  newArrivals: ProductCard[];
  popular: ProductCard[];
  upcoming: ProductCard[];
  total: number;
}

const SHELF_SIZE = 10;

/**
 * The コミック page: three searches of the category コミック (newest, most ordered, and releases
 * from tomorrow on), run in parallel through the search API.
 */
export async function getComicShelves(api: ApiClient): Promise<ComicShelves> {
  const search = (query: Partial<SearchQuery>) =>
    api.get<SearchResult>('/api/search/', toSearchParams({ categories: ['コミック'], ...query }));
  const [newArrivals, popular, upcoming] = await Promise.all([
    search({}),
    search({ sort: 'order_count-desc' }),
    search({ filters: ['reserve'] }),
  ]);
  return {
    newArrivals: newArrivals.items.slice(0, SHELF_SIZE),
    popular: popular.items.slice(0, SHELF_SIZE),
    upcoming: upcoming.items.slice(0, SHELF_SIZE),
    total: newArrivals.total,
  };
}
