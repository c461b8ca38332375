import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { startPollLoop } from '../lib/poll-loop';

// Scheduled jobs shared by every instance: each job has a row in scheduled_jobs whose
// `next_run_at` is the next tick. An instance runs a tick only if its UPDATE moved that row
// forward (`where next_run_at <= now`): on PostgreSQL the row lock makes the other instances'
// UPDATEs wait and then find the row already moved, so each tick runs once across instances.
// A tick is not retried within its interval if its run fails (the next tick runs as usual), and
// a run longer than its interval may overlap the next tick elsewhere: handlers are idempotent
// and lock what they change.

/** Work the shop does every `intervalMs` (reminders, automatic cancellation, expiry, digests). */
export interface ScheduledJob {
  /** Unique and stable: the row of scheduled_jobs it is claimed by. */
  name: string;
  intervalMs: number;
  /** One tick's work, `now` being the shop's clock at the claim. */
  run(deps: AppDeps, now: Date): Promise<void>;
}

/** Adds each job's row (first tick due at once) or updates its interval. */
export async function registerJobs(deps: AppDeps, jobs: readonly ScheduledJob[]): Promise<void> {
  const names = new Set(jobs.map((job) => job.name));
  if (names.size !== jobs.length) throw new Error('two scheduled jobs share a name');
  const at = deps.now().toISOString();
  for (const job of jobs) {
    await deps.db.rows(
      sql`insert into scheduled_jobs (name, interval_ms, next_run_at) values (${job.name}, ${job.intervalMs}, ${at})
          on conflict (name) do update set interval_ms = excluded.interval_ms`,
    );
  }
}

/**
 * Runs each job whose tick is due and this instance claimed. Returns the names it ran (whether
 * or not they succeeded: a failure is logged and stored in `last_error`).
 */
export async function runDueJobs(deps: AppDeps, jobs: readonly ScheduledJob[]): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    const now = deps.now();
    const at = now.toISOString();
    const claimed = await deps.db.rows<{ name: string }>(
      sql`update scheduled_jobs
          set next_run_at = ${at}::timestamptz + make_interval(secs => interval_ms / 1000.0),
              last_started_at = ${at}
          where name = ${job.name} and next_run_at <= ${at}
          returning name`,
    );
    if (claimed.length === 0) continue;
    ran.push(job.name);
    let failure: string | null = null;
    try {
      await job.run(deps, now);
    } catch (error) {
      failure = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : 'failed';
      deps.log(`scheduled job ${job.name} failed`, error);
    }
    await deps.db.rows(
      sql`update scheduled_jobs set last_finished_at = ${deps.now().toISOString()}, last_error = ${failure}
          where name = ${job.name}`,
    );
  }
  return ran;
}

export interface Scheduler {
  /** Stops ticking; resolves when a tick running now has finished. */
  stop(): Promise<void>;
}

/** How often an instance looks for due ticks: a tick starts this late at most. */
const POLL_MS = 1000;

/** Registers the jobs, then checks for due ticks every POLL_MS until stopped. */
export function startScheduler(deps: AppDeps, jobs: readonly ScheduledJob[]): Scheduler {
  let registered = false;
  return startPollLoop(POLL_MS, async () => {
    try {
      if (!registered) await registerJobs(deps, jobs);
      registered = true;
      await runDueJobs(deps, jobs);
    } catch (error) {
      deps.log('scheduled jobs: a tick failed; retrying at the next poll', error);
    }
    return false;
  });
}
