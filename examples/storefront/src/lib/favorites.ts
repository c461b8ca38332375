import type { FavoriteContentType } from '@shop/rules';
import { browserApi } from './browser-api';

/** POST /api/favorites/{type}/: remembers a product, series or author for the member. */
export const addFavorite = (contentType: FavoriteContentType, slug: string) =>
  browserApi.request<unknown>('POST', `/api/favorites/${contentType}/`, { slug });

/** DELETE /api/favorites/{type}/{slug}/. */
export const removeFavorite = (contentType: FavoriteContentType, slug: string) =>
  browserApi.request<void>('DELETE', `/api/favorites/${contentType}/${encodeURIComponent(slug)}/`);

/** GET /api/favorites/{type}/{slug}/: whether the member keeps it (a guest gets a 401). */
export async function isFavorite(contentType: FavoriteContentType, slug: string): Promise<boolean> {
  const answer = await browserApi.request<{ favorite: boolean }>(
    'GET',
    `/api/favorites/${contentType}/${encodeURIComponent(slug)}/`,
  );
  return answer.favorite;
}
