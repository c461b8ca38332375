import type { MiddlewareHandler } from 'hono';

/**
 * The catalog's public answers: the same for every shopper, guest or member (none of these routes
 * reads the session, and none answers per member: no favourites flag, no adult gating by
 * account), so a CDN or the browser may keep them. Everything else stays `no-store` by default
 * (middleware/security-headers.ts).
 */
export const PUBLIC_CATALOG_ROUTES = [
  '/api/homedata/',
  '/api/products/',
  '/api/search/',
  '/api/ranking/',
  '/api/productlist/',
  '/api/news/',
  '/api/showcases/',
  '/api/gallery/',
  '/api/series/',
  '/api/authors/',
] as const;

/**
 * How long a public catalog answer may be kept: a minute fresh, like the labels' granularity
 * ("発売中" from the release day on) and a catalog edit's reach, then served stale for up to five
 * minutes while the cache fetches a new one. Stock and prices shown may be this old; checkout
 * reads them from the database itself.
 */
export const PUBLIC_CATALOG_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/**
 * Marks a public catalog answer cacheable: a GET or HEAD answered 200 without a cookie and
 * without a Cache-Control of its own. Not with the IP filter on: a shared cache would hand what
 * allowed addresses saw to every other.
 */
export function publicCatalogCache(ipFilterEnabled: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (
      ipFilterEnabled ||
      (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
      c.res.status !== 200 ||
      headers.has('Set-Cookie') ||
      headers.has('Cache-Control')
    ) {
      return;
    }
    headers.set('Cache-Control', PUBLIC_CATALOG_CACHE);
  };
}
