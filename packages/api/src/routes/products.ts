import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { MESSAGES, notFound } from '../errors';
import { documented } from '../lib/route-doc';
import { TtlCache } from '../lib/ttl-cache';
import { validate } from '../lib/validate';
import { productDetailSchema } from '../schemas/catalog';
import { slugParam } from '../schemas/params';
import { type DetailData, fetchProductDetail, toDetail } from '../services/product-view';

/**
 * GET /api/products/{slug}/: a product page with labels and active benefits. The stored data may
 * be up to CACHE_TTL_MS old (checkout reads stock and prices from the database itself); labels
 * are computed for every request, so they are never stale.
 */
export function productRoutes(deps: AppDeps) {
  const cache = new TtlCache<DetailData | null>(deps.config.cacheTtlMs, 10_000);
  return new Hono().get(
    '/:slug/',
    documented({
      tag: 'catalog',
      summary: 'A product page',
      response: productDetailSchema,
      errors: { 404: '`not_found`: no such product' },
    }),
    validate('param', slugParam),
    async (c) => {
      const { slug } = c.req.valid('param');
      const now = deps.now();
      const row = await cache.get(slug, Date.now(), () => fetchProductDetail(deps.db, slug));
      if (!row) throw notFound(MESSAGES.productNotFound);
      return c.json(toDetail(row, now));
    },
  );
}
