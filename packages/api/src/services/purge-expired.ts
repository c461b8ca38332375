import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { repeatInBackground } from '../lib/background';

/** Rows one delete statement removes at most: each statement stays short on a busy table. */
export const PURGE_BATCH = 500;

/**
 * Statements per table and tick at most, so one tick never runs long; what is left waits for
 * the next tick (20 × 500 a minute outpaces any burst the throttles and body limits let in).
 */
const MAX_BATCHES_PER_TICK = 20;

/** How often each server process purges. */
export const PURGE_INTERVAL_MS = 60 * 1000;

export interface PurgeCounts {
  sessions: number;
  throttleCounters: number;
}

/**
 * Runs `deleteBatch` until it removes fewer rows than a batch (nothing left) or the tick's
 * budget is spent; answers the rows removed.
 */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES_PER_TICK; i++) {
    const removed = await deleteBatch();
    total += removed;
    if (removed < PURGE_BATCH) break;
  }
  return total;
}

/**
 * Deletes sessions that are over (idle or past their absolute lifetime, as findSession judges
 * them: a guest's cart goes with its session) and throttle counters that no longer count
 * (their window has passed for every policy and no lock holds). Several instances may run it at
 * once: each batch picks its rows with `for update skip locked`, so they share the work instead
 * of waiting on each other, and deleting what is already gone changes nothing.
 */
export async function purgeExpired(
  deps: Pick<AppDeps, 'db' | 'config'>,
  now: Date,
): Promise<PurgeCounts> {
  const { session, throttle } = deps.config.accounts;
  const idleFloor = new Date(now.getTime() - session.idleMs);
  const absoluteFloor = new Date(now.getTime() - session.absoluteMs);
  // A key's policy is not stored with it: the longest window of any policy is the safe bound.
  const longestWindow = Math.max(...Object.values(throttle).map((policy) => policy.windowMs));
  const windowFloor = new Date(now.getTime() - longestWindow);
  return {
    // expires_at (indexed) finds the candidates; the lifetimes in force decide, so a session is
    // never deleted while findSession would still accept it.
    sessions: await inBatches(() =>
      deletedRows(
        deps.db,
        sql`delete from sessions where id in (
              select id from sessions
              where expires_at <= ${now}
                and (last_seen_at <= ${idleFloor} or created_at <= ${absoluteFloor})
              limit ${PURGE_BATCH} for update skip locked)
            returning 1 as deleted`,
      ),
    ),
    throttleCounters: await inBatches(() =>
      deletedRows(
        deps.db,
        sql`delete from throttle_counters where key in (
              select key from throttle_counters
              where window_started_at <= ${windowFloor}
                and (locked_until is null or locked_until <= ${now})
              limit ${PURGE_BATCH} for update skip locked)
            returning 1 as deleted`,
      ),
    ),
  };
}

async function deletedRows(db: Database, statement: SQL): Promise<number> {
  return (await db.rows<{ deleted: number }>(statement)).length;
}

/** Runs purgeExpired every PURGE_INTERVAL_MS in the background; returns the (awaitable) stop. */
export function schedulePurge(deps: AppDeps): () => Promise<void> {
  return repeatInBackground(
    () => purgeExpired(deps, deps.now()),
    PURGE_INTERVAL_MS,
    (error) => deps.log('purge of expired sessions and throttle counters failed', error),
  );
}
