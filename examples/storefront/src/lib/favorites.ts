import type { FavoriteContentType } from '@shop/rules';
import { apiRequest } from './api-client';

/** POST /api/favorites/{type}/: remembers a product, series or author for the member. */
export const addFavorite = (contentType: FavoriteContentType, slug: string) =>
  apiRequest<unknown>('POST', `/api/favorites/${contentType}/`, { slug });

/** DELETE /api/favorites/{type}/{slug}/. */
export const removeFavorite = (contentType: FavoriteContentType, slug: string) =>
  apiRequest<void>('DELETE', `/api/favorites/${contentType}/${encodeURIComponent(slug)}/`);

/** GET /api/favorites/{type}/{slug}/: whether the member keeps it (a guest gets a 401). */
export async function isFavorite(contentType: FavoriteContentType, slug: string): Promise<boolean> {
  const answer = await apiRequest<{ favorite: boolean }>(
    'GET',
    `/api/favorites/${contentType}/${encodeURIComponent(slug)}/`,
  );
  return answer.favorite;
}
