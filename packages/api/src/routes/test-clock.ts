import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { TestClock } from '../lib/test-clock';
import { validate } from '../lib/validate';
import { SCHEDULED_JOBS } from '../notifications/schedule';

const clockSchema = z.strictObject({
  now: z.iso.datetime({ offset: true, error: '時刻は ISO 8601 の日時で指定してください' }),
});

const jobParamSchema = z.strictObject({ name: z.string().max(100) });

/**
 * /api/operator/test/: end-to-end tests move the running server's clock and run a scheduled job at once.
 * Mounted only with TEST_CLOCK=on, which the configuration refuses under NODE_ENV=production;
 * operator-authenticated like every staff action.
 */
export function testClockRoutes(deps: AppDeps, clock: TestClock) {
  return new Hono()
    .get('/clock/', (c) => c.json({ now: deps.now().toISOString() }))
    .post('/clock/', validate('json', clockSchema), (c) => {
      clock.set(new Date(c.req.valid('json').now));
      return c.json({ now: deps.now().toISOString() });
    })
    .post('/jobs/:name/run/', validate('param', jobParamSchema), async (c) => {
      const { name } = c.req.valid('param');
      const job = SCHEDULED_JOBS.find((j) => j.name === name);
      if (job === undefined) throw new ApiError(404, 'job_not_found', 'ジョブが見つかりません。');
      await job.run(deps, deps.now());
      return c.json({ ran: name, now: deps.now().toISOString() });
    });
}
