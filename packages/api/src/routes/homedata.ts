import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { TtlCache } from '../lib/ttl-cache';
import { type Homedata, homedataSchema } from '../schemas/content';
import { loadHomedata } from '../services/homedata';

/** GET /api/homedata/: everything the top page shows, cached for CACHE_TTL_MS. */
export function homedataRoutes(deps: AppDeps) {
  const cache = new TtlCache<Homedata>(deps.config.cacheTtlMs);
  return new Hono().get(
    '/',
    documented({
      tag: 'catalog',
      summary: 'Everything the top page shows',
      response: homedataSchema,
    }),
    async (c) => {
      const now = deps.now();
      return c.json(await cache.get('home', Date.now(), () => loadHomedata(deps.db, now)));
    },
  );
}
