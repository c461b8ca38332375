import { postJson } from '../../../lib/browser-api';

/** POST /api/favorites/product/: remembers a product for the logged-in member. */
export function addFavoriteProduct(slug: string): Promise<unknown> {
  return postJson('/api/favorites/product/', { slug });
}
