import { postJson } from '../../../lib/browser-api';

/** POST /api/cart/: adds units of a variation to the shopper's cart (a guest cart works too). */
export function addToCart(variationId: number, quantity = 1): Promise<unknown> {
  return postJson('/api/cart/', { variationId, quantity });
}
