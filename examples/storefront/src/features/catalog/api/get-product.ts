import type { ApiClient } from '../../../lib/api-client';
import type { ProductDetail } from '../../../types/api';

/** GET /api/products/{slug}/: the product page, labels computed by @shop/rules in the API. */
export function getProduct(api: ApiClient, slug: string): Promise<ProductDetail> {
  return api.get<ProductDetail>(`/api/products/${encodeURIComponent(slug)}/`);
}
