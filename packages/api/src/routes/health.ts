import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
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
    .get(
      '/',
      documented({
        tag: 'system',
        summary: 'Health check',
        response: z.object({
          status: z.literal('ok'),
          database: z.enum(['pglite', 'postgres']),
          products: z.int(),
          time: z.string(),
          maintenance: z.object({ active: z.boolean(), message: z.string().nullable() }),
        }),
      }),
      async (c) => c.json(await checkHealth(deps)),
    )
    .get(
      '/live/',
      documented({
        tag: 'system',
        summary: 'Liveness probe: the process serves HTTP (reads no database; send no cookie)',
        response: z.object({ status: z.literal('live') }),
      }),
      (c) => c.json({ status: 'live' as const }),
    )
    .get(
      '/ready/',
      documented({
        tag: 'system',
        summary: 'Readiness probe: this instance takes traffic (a load balancer’s health check)',
        response: z.object({ status: z.literal('ready') }),
        errors: {
          503: '`shutting_down`: the instance is stopping (SIGTERM) and drains its requests',
        },
      }),
      async (c) => {
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
      },
    );
}
