import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { MESSAGES, notFound } from '../errors';
import { validate } from '../lib/validate';
import { slugParam } from '../schemas/params';
import { loadProductDetail } from '../services/product-view';

/** GET /api/products/{slug}/: a product page with labels and active benefits. */
export function productRoutes(deps: AppDeps) {
  return new Hono().get('/:slug/', validate('param', slugParam), async (c) => {
    const product = await loadProductDetail(deps.db, c.req.valid('param').slug, deps.now());
    if (!product) throw notFound(MESSAGES.productNotFound);
    return c.json(product);
  });
}
