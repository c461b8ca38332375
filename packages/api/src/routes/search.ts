import { parseSearchParams } from '@shop/rules';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { searchProducts } from '../services/search';

/**
 * GET /api/search/?q=&categories=&filter=&sort=&page=: parameters exactly as @shop/rules
 * parseSearchParams reads them (unknown values are dropped, never an error), so a search URL of
 * the storefront and the API agree.
 */
export function searchRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const query = parseSearchParams(new URL(c.req.url).searchParams);
    return c.json({ query, ...(await searchProducts(deps.db, query, deps.now())) });
  });
}
