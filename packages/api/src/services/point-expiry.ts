import {
  nextPointExpiry,
  type PointExpiry,
  pointExpiryScanBound,
  pointExpiryStage,
} from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client';
import { type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import type { ScheduledJob } from '../notifications/jobs';
import { enqueueNotifications } from '../notifications/outbox';
import { debitPoints } from './points';

// Points expire as the terms say (第5条, @shop/rules nextPointExpiry, docs/account-mail.md): the
// whole balance, one year after the member last earned or used points. The expiry is a ledger
// entry of kind `expiry` written under the member's balance lock, so a checkout spending points
// and the job queue up on one row: whichever comes second sees what the first left.

/** The ledger kinds that are the member earning or using points: they move the expiry date. */
const ACTIVITY_KINDS = sql`('grant', 'use', 'refund')`;

/** Members expired per tick: a backlog is worked off over the next ticks, oldest first. */
const BATCH = 500;

/** When the member last earned or used points, or null when never. */
async function lastActivity(db: Orm | Tx, memberId: number): Promise<string | null> {
  const [row] = await txRows<{ at: string | null }>(
    db,
    sql`select max(created_at)::text as "at" from point_ledger
        where member_id = ${memberId} and kind in ${ACTIVITY_KINDS}`,
  );
  return row?.at ?? null;
}

/** The member's next expiry (the whole balance, on the date the terms give), or null. */
export async function memberPointExpiry(
  db: Orm | Tx,
  memberId: number,
  balance: number,
): Promise<PointExpiry | null> {
  if (balance <= 0) return null;
  return nextPointExpiry(await lastActivity(db, memberId), balance);
}

/**
 * Members holding points whose last earning or use is before the rules' scan bound (so their
 * points may be due a notice or expired at `now`), idlest first, with their expiry. The rules
 * decide the stage; the bound only keeps the scan to idle members.
 */
async function idleMembers(
  deps: AppDeps,
  now: Date,
  limit: number | null,
): Promise<{ memberId: number; expiry: PointExpiry }[]> {
  const rows = await txRows<{ memberId: number; balance: number; last: string }>(
    deps.db.orm,
    sql`select b.member_id as "memberId", b.balance, max(l.created_at)::text as "last"
        from point_balances b
          join point_ledger l on l.member_id = b.member_id and l.kind in ${ACTIVITY_KINDS}
        where b.balance > 0
        group by b.member_id, b.balance
        having max(l.created_at) < ${pointExpiryScanBound(now).toISOString()}
        order by max(l.created_at), b.member_id
        ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
  return rows.flatMap(({ memberId, balance, last }) => {
    const expiry = nextPointExpiry(last, balance);
    return expiry === null ? [] : [{ memberId, expiry }];
  });
}

/**
 * Writes the expiry entry of each member whose points have expired at `now`: the whole balance,
 * read again under the balance lock together with the last activity, so a spend, a grant or a
 * refund that committed first moves the date or lowers the amount, and a second run (or another
 * instance) finds nothing left. Points spent on a pending order were taken from the balance when
 * it was placed and are never touched; if that order is cancelled they come back as a refund,
 * which starts a new year. Returns what expired.
 */
export async function expirePoints(
  deps: AppDeps,
  now: Date,
): Promise<{ memberId: number; amount: number; date: string }[]> {
  const candidates = (await idleMembers(deps, now, BATCH)).filter(
    ({ expiry }) => pointExpiryStage(expiry.date, now) === 'expired',
  );
  const expired: { memberId: number; amount: number; date: string }[] = [];
  for (const { memberId } of candidates) {
    const done = await deps.db.orm.transaction(async (tx) => {
      const [row] = await txRows<{ balance: number }>(
        tx,
        sql`select balance from point_balances where member_id = ${memberId} for update`,
      );
      const expiry = await memberPointExpiry(tx, memberId, row?.balance ?? 0);
      if (expiry === null || pointExpiryStage(expiry.date, now) !== 'expired') return null;
      const debit = await debitPoints(tx, memberId, 'expiry', expiry.amount, null, now);
      return debit.ok ? { memberId, amount: expiry.amount, date: expiry.date } : null;
    });
    if (done !== null) expired.push(done);
  }
  return expired;
}

/**
 * Queues ポイント失効のお知らせ for each member (not withdrawn) whose points are in their notice
 * stage at `now`, with the amount and the date; once per member and expiry date (the dedupe
 * key), so later ticks queue nothing more, and a member who earns or uses points since gets a
 * new date and, a year on, a new notice. Returns how many were queued.
 */
export async function queuePointExpiryNotices(deps: AppDeps, now: Date): Promise<number> {
  const due = (await idleMembers(deps, now, null)).filter(
    ({ expiry }) => pointExpiryStage(expiry.date, now) === 'notice',
  );
  if (due.length === 0) return 0;
  const active = new Set(
    (
      await txRows<{ id: number }>(
        deps.db.orm,
        sql`select id from members where withdrawn_at is null
            and id in (${sql.join(
              due.map((d) => sql`${d.memberId}`),
              sql`, `,
            )})`,
      )
    ).map((m) => m.id),
  );
  return enqueueNotifications(
    deps.db.orm,
    due
      .filter((d) => active.has(d.memberId))
      .map(({ memberId, expiry }) => ({
        kind: 'points_expiring' as const,
        to: { memberId },
        payload: { date: expiry.date, amount: expiry.amount },
        dedupeKey: `points_expiring:member:${memberId}:date:${expiry.date}`,
      })),
    now,
  );
}

/**
 * Hourly, once across instances: expired points first (a member past the date gets no notice),
 * then the notices. Points expire within the first hour after 00:00 JST of the day after.
 */
export const pointExpiryJob: ScheduledJob = {
  name: 'points_expiry',
  intervalMs: 60 * 60 * 1000,
  async run(deps, now) {
    await expirePoints(deps, now);
    await queuePointExpiryNotices(deps, now);
  },
};
