import { jstToday } from '@shop/rules';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { TtlCache } from '../lib/ttl-cache';
import { validate } from '../lib/validate';
import { type Ranking, rankingSchema } from '../schemas/catalog';
import { rankingParam } from '../schemas/params';
import { loadRanking } from '../services/rankings';

/** GET /api/ranking/{reservation|daily|weekly|monthly|yearly}/ over its JST window. */
export function rankingRoutes(deps: AppDeps) {
  const cache = new TtlCache<Ranking>(deps.config.cacheTtlMs);
  return new Hono().get(
    '/:type/',
    documented({
      tag: 'catalog',
      summary: 'A ranking over its JST window',
      response: rankingSchema,
    }),
    validate('param', rankingParam),
    async (c) => {
      const { type } = c.req.valid('param');
      const now = deps.now();
      const ranking = await cache.get(`${type}:${jstToday(now)}`, Date.now(), () =>
        loadRanking(deps.db, type, now),
      );
      return c.json(ranking);
    },
  );
}
