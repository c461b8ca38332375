import { and, eq, gte, sql } from 'drizzle-orm';
import type { ThrottlePolicy } from '../config/accounts';
import type { Database } from '../db/client';
import { throttleCounters } from '../db/schema/accounts';
import { ThrottledError } from '../errors';

/** The 429 of a throttled key: a Japanese message with the wait in minutes. */
export function lockedOut(until: Date, now: Date, what: string): ThrottledError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ThrottledError(
    429,
    'too_many_attempts',
    `${what}の試行回数が上限に達しました。${minutes}分後にもう一度お試しください。`,
    seconds,
  );
}

/** A counter one attempt counts against, e.g. the account or the client address. */
export interface Claim {
  key: string;
  policy: ThrottlePolicy;
}

const tc = throttleCounters;

/**
 * Takes a slot in the key's counter in ONE upsert, or none: it counts the attempt if the key is
 * not locked and fewer than `maxAttempts` are counted in the window (a passed window restarts
 * at 1). The row lock of the upsert serialises concurrent attempts on every instance, so a
 * burst can never take more slots than the limit. Returns the attempt's number in the window,
 * or undefined when refused.
 */
async function take(
  db: Pick<Database, 'orm'>,
  claim: Claim,
  now: Date,
): Promise<number | undefined> {
  const windowFloor = new Date(now.getTime() - claim.policy.windowMs);
  const inWindow = sql`(${tc.windowStartedAt} > ${windowFloor})`;
  const [row] = await db.orm
    .insert(tc)
    .values({ key: claim.key, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: tc.key,
      set: {
        failures: sql`case when ${inWindow} then ${tc.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${inWindow} then ${tc.windowStartedAt} else ${now} end`,
        lockedUntil: null,
      },
      setWhere: sql`(${tc.lockedUntil} is null or ${tc.lockedUntil} <= ${now})
        and (not ${inWindow} or ${tc.failures} < ${claim.policy.maxAttempts})`,
    })
    .returning({ attempt: tc.failures });
  return row?.attempt;
}

/** When a refused key frees a slot: the end of its lock, else the end of its full window. */
async function refusedUntil(db: Database, claim: Claim, now: Date): Promise<Date> {
  const [row] = await db.orm.select().from(tc).where(eq(tc.key, claim.key));
  if (row?.lockedUntil && row.lockedUntil > now) return row.lockedUntil;
  // No row: a success cleared the key meanwhile; the client may try again at once.
  if (!row) return now;
  return new Date(row.windowStartedAt.getTime() + claim.policy.windowMs);
}

/**
 * One attempt holding a slot in each of its counters until it is settled. Each outcome says
 * what happens to each counter: `fail` keeps the slot (and locks a counter this attempt
 * filled), `refund` gives the slot back, `clear` forgets the counter.
 */
export class ReservedAttempt<Name extends string> {
  constructor(
    private readonly db: Database,
    private readonly claims: Record<Name, Claim>,
    private readonly numbers: Record<Name, number>,
    private readonly now: Date,
    private readonly what: string,
  ) {}

  /**
   * The attempt failed: its slots stay counted. A counter whose last slot this attempt took is
   * locked for the policy's `lockMs`, and the lock-out is returned for the caller to throw, so
   * the failure that reaches a limit already answers 429.
   */
  async fail(...names: Name[]): Promise<ThrottledError | undefined> {
    let latest: Date | undefined;
    for (const name of names) {
      const claim = this.claims[name];
      if (this.numbers[name] < claim.policy.maxAttempts) continue;
      const [row] = await this.db.orm
        .update(tc)
        .set({ lockedUntil: new Date(this.now.getTime() + claim.policy.lockMs) })
        // Unless a success cleared the counter meanwhile.
        .where(and(eq(tc.key, claim.key), gte(tc.failures, claim.policy.maxAttempts)))
        .returning({ lockedUntil: tc.lockedUntil });
      if (row?.lockedUntil && (!latest || row.lockedUntil > latest)) latest = row.lockedUntil;
    }
    return latest ? lockedOut(latest, this.now, this.what) : undefined;
  }

  /**
   * Gives the slots back: the attempt checked nothing, or its outcome must not count. A counter
   * left empty and unlocked is deleted, so successful logins and registrations from ever new
   * addresses leave no rows behind (a slot taken meanwhile keeps it: the delete sees 1).
   */
  async refund(...names: Name[]): Promise<void> {
    for (const name of names) {
      const { key } = this.claims[name];
      await this.db.orm
        .update(tc)
        .set({ failures: sql`greatest(${tc.failures} - 1, 0)` })
        .where(eq(tc.key, key));
      await this.db.orm
        .delete(tc)
        .where(
          and(
            eq(tc.key, key),
            eq(tc.failures, 0),
            sql`(${tc.lockedUntil} is null or ${tc.lockedUntil} <= ${this.now})`,
          ),
        );
    }
  }

  /** Forgets the counters, earlier failures and locks included. */
  async clear(...names: Name[]): Promise<void> {
    for (const name of names) {
      await this.db.orm.delete(tc).where(eq(tc.key, this.claims[name].key));
    }
  }

  /**
   * Runs the expensive part of the attempt (a password hash); if it throws (the hash queue is
   * full, the database failed), every slot is refunded before the error goes on: nothing was
   * checked, so nothing counts.
   */
  async refundIfThrows<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await this.refund(...(Object.keys(this.claims) as Name[]));
      throw error;
    }
  }
}

/**
 * Reserves one attempt against every counter in `claims`, in order, BEFORE the attempt does
 * anything expensive or revealing: a burst gets at most `maxAttempts` through, on every API
 * instance, because each slot is taken in one upsert. If a counter refuses, the slots already
 * taken are given back and the 429 lock-out is thrown (with `what` in its message).
 */
export async function reserveAttempt<Name extends string>(
  db: Database,
  claims: Record<Name, Claim>,
  now: Date,
  what: string,
): Promise<ReservedAttempt<Name>> {
  const numbers = {} as Record<Name, number>;
  const taken: Name[] = [];
  const partial = new ReservedAttempt(db, claims, numbers, now, what);
  for (const name of Object.keys(claims) as Name[]) {
    const attempt = await take(db, claims[name], now);
    if (attempt === undefined) {
      await partial.refund(...taken);
      throw lockedOut(await refusedUntil(db, claims[name], now), now, what);
    }
    numbers[name] = attempt;
    taken.push(name);
  }
  return partial;
}

/**
 * Takes one slot of `claim` inside the caller's transaction `tx`, whose own lock makes the
 * caller's check and this slot one decision (the saved cards and the registrations at the
 * gateway, under the member row's lock). Returns the attempt, to settle with `db` once the
 * transaction is over, or undefined when the counter is full.
 */
export async function reserveSlotIn(
  tx: Pick<Database, 'orm'>,
  db: Database,
  claim: Claim,
  now: Date,
  what: string,
): Promise<ReservedAttempt<'slot'> | undefined> {
  const attempt = await take(tx, claim, now);
  if (attempt === undefined) return undefined;
  return new ReservedAttempt(db, { slot: claim }, { slot: attempt }, now, what);
}
