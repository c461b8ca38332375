import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { checkHealth } from '../services/health';

/**
 * GET /api/health/: the database answers and its migrations are applied (with the catalog's
 * size and the maintenance message, for people and the storefront).
 * GET /api/health/live/: the process serves HTTP; a liveness probe (restart when it fails). It
 * never reads the database, so a database outage does not restart every instance.
 * GET /api/health/ready/: send this instance traffic; a load balancer's probe. 503 while it is
 * stopping (SIGTERM, draining) or while its database cannot be reached.
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', async (c) => c.json(await checkHealth(deps)))
    .get('/live/', (c) => c.json({ status: 'live' as const }))
    .get('/ready/', async (c) => {
      if (deps.lifecycle?.draining) {
        throw new ApiError(
          503,
          'shutting_down',
          'サーバーを停止しています。しばらくしてからもう一度お試しください。',
        );
      }
      // A failing query answers 503 database_unavailable (app.ts's onError).
      await deps.db.rows(sql`select 1`);
      return c.json({ status: 'ready' as const });
    });
}
