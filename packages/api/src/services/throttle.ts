import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ThrottlePolicy } from '../accounts/config';
import type { Database } from '../db/client';
import { throttleCounters } from '../db/schema/accounts';
import { ApiError } from '../errors';

/** When the latest lock among `keys` ends, or undefined when none of them is locked at `now`. */
export async function lockedUntil(
  db: Database,
  keys: string[],
  now: Date,
): Promise<Date | undefined> {
  const rows = await db.orm
    .select({ lockedUntil: throttleCounters.lockedUntil })
    .from(throttleCounters)
    .where(and(inArray(throttleCounters.key, keys), gt(throttleCounters.lockedUntil, now)));
  let latest: Date | undefined;
  for (const row of rows) {
    if (row.lockedUntil && (!latest || row.lockedUntil > latest)) latest = row.lockedUntil;
  }
  return latest;
}

/**
 * Counts one attempt (a failed login, a registration, a message) against `key` in a single upsert, so concurrent attempts on several API
 * instances all count: the window restarts once it has passed, and reaching `maxFailures`
 * within it locks the key for `lockMs`. Returns when the key is locked until, if it now is.
 */
export async function recordAttempt(
  db: Database,
  key: string,
  policy: ThrottlePolicy,
  now: Date,
): Promise<Date | undefined> {
  const windowFloor = new Date(now.getTime() - policy.windowMs);
  const lockEnd = new Date(now.getTime() + policy.lockMs);
  const [row] = await db.orm
    .insert(throttleCounters)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: policy.maxFailures <= 1 ? lockEnd : null,
    })
    .onConflictDoUpdate({
      target: throttleCounters.key,
      set: {
        failures: sql`case when ${throttleCounters.windowStartedAt} > ${windowFloor} then ${throttleCounters.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${throttleCounters.windowStartedAt} > ${windowFloor} then ${throttleCounters.windowStartedAt} else ${now} end`,
        lockedUntil: sql`case when ${throttleCounters.windowStartedAt} > ${windowFloor} and ${throttleCounters.failures} + 1 >= ${policy.maxFailures} then ${lockEnd} else ${throttleCounters.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: throttleCounters.lockedUntil });
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
}

/** Forgets the attempts counted against `key` (after a successful login). */
export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.orm.delete(throttleCounters).where(eq(throttleCounters.key, key));
}

/**
 * The 429 a locked key answers: a Japanese message with the wait in minutes and the seconds in
 * `Retry-After` (set on the response by the route through `retryAfterSeconds`).
 */
export class ThrottledError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(until: Date, now: Date, what: string) {
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    super(
      429,
      'too_many_attempts',
      `${what}の試行回数が上限に達しました。${minutes}分後にもう一度お試しください。`,
    );
    this.retryAfterSeconds = seconds;
  }
}
