import type { FavoriteContentType } from '@shop/rules';
import type { ApiClient } from '../../../lib/api-client';
import type { FavoriteView } from '../../../types/account';

/** One page of the member's favourites of a kind, with the page size the API uses. */
export async function getFavorites(api: ApiClient, contentType: FavoriteContentType, page: number) {
  const list = await api.get<{
    total: number;
    page: number;
    pageSize: number;
    items: FavoriteView[];
  }>(`/api/favorites/${contentType}/`, { page: String(page) });
  return { contentType, ...list };
}
