import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { TtlCache } from '../lib/ttl-cache';
import { type Homedata, homedataSchema } from '../schemas/content';
import { contentRevision } from '../services/content-revision';
import { loadHomedata } from '../services/homedata';

/**
 * GET /api/homedata/: everything the top page shows, cached for CACHE_TTL_MS per content
 * revision, so a back office edit of news, showcases or the gallery shows at once.
 */
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
      const revision = await contentRevision(deps.db);
      return c.json(
        await cache.get(`home:${revision}`, Date.now(), () => loadHomedata(deps.db, now)),
      );
    },
  );
}
