import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { checkHealth } from '../services/health';

/** GET /api/health/: the database answers and its migrations are applied. */
export function healthRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => c.json(await checkHealth(deps)));
}
