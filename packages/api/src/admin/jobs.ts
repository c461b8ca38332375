import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { isoInstantSql } from '../lib/sql-instant';
import { SCHEDULED_JOBS } from '../notifications/schedule';
import { staffAuth } from '../staff/access';

// /api/admin/jobs/ (docs/backoffice.md, "Scheduled jobs"): whether the jobs that run the shop
// by themselves (payment deadlines, reminders, price decisions, point expiry, mail pruning) ran,
// and the last failure of each, so nobody has to read the scheduled_jobs table.

const jobSchema = z.object({
  name: z
    .string()
    .meta({ description: 'The job (SCHEDULED_JOBS in src/notifications/schedule.ts)' }),
  intervalMs: z.int(),
  nextRunAt: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'Its next tick; null before any instance has registered it' }),
  lastStartedAt: z.iso.datetime().nullable(),
  lastFinishedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable().meta({
    description: "The last run's failure (error class and message); null after a success",
  }),
});

type Job = z.infer<typeof jobSchema>;

/** Every scheduled job the code runs, in its order, with its row's last run. */
export async function scheduledJobStates(deps: AppDeps): Promise<Job[]> {
  const rows = await deps.db.rows<Omit<Job, 'intervalMs'>>(
    sql`select name, ${isoInstantSql('next_run_at')} as "nextRunAt",
          ${isoInstantSql('last_started_at')} as "lastStartedAt",
          ${isoInstantSql('last_finished_at')} as "lastFinishedAt", last_error as "lastError"
        from scheduled_jobs`,
  );
  return SCHEDULED_JOBS.map((job) => {
    const row = rows.find((r) => r.name === job.name);
    return {
      name: job.name,
      intervalMs: job.intervalMs,
      nextRunAt: row?.nextRunAt ?? null,
      lastStartedAt: row?.lastStartedAt ?? null,
      lastFinishedAt: row?.lastFinishedAt ?? null,
      lastError: row?.lastError ?? null,
    };
  });
}

export function adminJobRoutes(deps: AppDeps) {
  return new Hono().get(
    '/',
    documented({
      tag: 'admin',
      access: 'staff:read',
      summary: "The scheduled jobs: each one's interval, next tick, last run and last failure",
      response: z.object({ items: z.array(jobSchema) }),
    }),
    staffAuth(deps, 'read'),
    async (c) => c.json({ items: await scheduledJobStates(deps) }),
  );
}
