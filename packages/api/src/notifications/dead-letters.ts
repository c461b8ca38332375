import { sql } from 'drizzle-orm';
import { OUTBOX_STATES, type OutboxState } from '../db/schema/notifications';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { isoInstantSql } from '../lib/sql-instant';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from '../staff/access';
import { auditIfStaff } from '../staff/audit';

// What the operator sees of the outbox and may do with it (the operator API and CLI, and the back
// office's /api/admin/notifications/): counts by state, the dead and failing mails (what and why,
// never to whom), and queueing a dead mail again.

export const DEAD_LETTER_MESSAGES = {
  notFound: 'メッセージが見つかりません。',
  notDead: '配信停止（dead）のメッセージだけを再送できます。',
} as const;

/** The dead mails listed: the newest. */
export const DEAD_LETTERS_SHOWN = 100;

/** One outbox mail as the operator sees it. */
export interface OutboxMessage {
  id: number;
  kind: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

const MESSAGE_COLUMNS = sql`id::int as id, kind, state, attempts, last_error as "lastError",
  ${isoInstantSql('created_at')} as "createdAt", ${isoInstantSql('updated_at')} as "updatedAt"`;

/** How many mails are in each state. */
export async function outboxCounts(deps: AppDeps): Promise<Record<OutboxState, number>> {
  const counted = await deps.db.rows<{ state: OutboxState; n: number }>(
    sql`select state, count(*)::int as n from notification_outbox group by state`,
  );
  return Object.fromEntries(
    OUTBOX_STATES.map((s) => [s, counted.find((r) => r.state === s)?.n ?? 0]),
  ) as Record<OutboxState, number>;
}

/**
 * What the back office lists: `dead` mails (given up, waiting for a person) and `failing` ones
 * (a send failed and the worker tries them again: queued or sending with the last error kept).
 */
export const TROUBLED_STATES = ['dead', 'failing'] as const;
export type TroubledState = (typeof TROUBLED_STATES)[number];

/** A listed mail, with when the worker tries it next (null for a dead one). */
export interface TroubledMessage extends OutboxMessage {
  nextAttemptAt: string | null;
}

/** Which outbox rows are dead or failing: the list below and the dashboard's counts. */
export const TROUBLED_WHERE = {
  dead: sql`state = 'dead'`,
  // A failed attempt leaves its error; a retried dead mail keeps it until it is sent.
  failing: sql`state in ('queued', 'sending') and last_error is not null`,
} as const satisfies Record<TroubledState, unknown>;

/**
 * One keyset page (newest first, ids below `after`) of the dead and failing mails, or of one of
 * the two: `limit + 1` rows, so the caller can tell whether another page follows.
 */
export async function troubledMessages(
  deps: AppDeps,
  query: { state?: TroubledState; limit: number; after?: number },
): Promise<TroubledMessage[]> {
  const which =
    query.state === undefined
      ? sql`(${TROUBLED_WHERE.dead} or ${TROUBLED_WHERE.failing})`
      : TROUBLED_WHERE[query.state];
  const below = query.after === undefined ? sql`` : sql`and id < ${query.after}`;
  return deps.db.rows<TroubledMessage>(
    sql`select ${MESSAGE_COLUMNS},
          case when state = 'dead' then null else ${isoInstantSql('next_attempt_at')} end
            as "nextAttemptAt"
        from notification_outbox where ${which} ${below}
        order by id desc limit ${query.limit + 1}`,
  );
}

/** How many mails are in each state, and the newest dead ones. */
export async function outboxSummary(
  deps: AppDeps,
): Promise<{ counts: Record<OutboxState, number>; dead: OutboxMessage[] }> {
  const counts = await outboxCounts(deps);
  const dead = await deps.db.rows<OutboxMessage>(
    sql`select ${MESSAGE_COLUMNS} from notification_outbox where state = 'dead'
        order by id desc limit ${DEAD_LETTERS_SHOWN}`,
  );
  return { counts, dead };
}

/**
 * Queues a dead mail again, due now, its attempts reset (it keeps its id, so its Message-ID).
 * 404 `notification_not_found`, 409 `notification_not_dead` for a mail in another state. With a
 * staff actor the retry is recorded in the audit log, in the same transaction.
 */
export async function retryDeadLetter(
  deps: AppDeps,
  id: number,
  actor?: StaffActor,
): Promise<OutboxMessage> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.orm.transaction(async (tx) => {
    // The row locked first, so two retries at once: one queues it, the other sees it queued.
    const [before] = await txRows<OutboxMessage>(
      tx,
      sql`select ${MESSAGE_COLUMNS} from notification_outbox where id = ${id} for update`,
    );
    if (before === undefined) {
      throw new ServiceError('notification_not_found', DEAD_LETTER_MESSAGES.notFound);
    }
    if (before.state !== 'dead') {
      throw new ServiceError('notification_not_dead', DEAD_LETTER_MESSAGES.notDead);
    }
    const [retried] = await txRows<OutboxMessage>(
      tx,
      sql`update notification_outbox
          set state = 'queued', attempts = 0, next_attempt_at = ${at}, updated_at = ${at}
          where id = ${id}
          returning ${MESSAGE_COLUMNS}`,
    );
    if (retried === undefined) throw new Error(`outbox row ${id} vanished under its lock`);
    await auditIfStaff(
      tx,
      actor,
      {
        action: 'notification.retry',
        targetType: 'notification',
        targetId: id,
        before: { state: before.state, attempts: before.attempts, lastError: before.lastError },
        after: { state: retried.state, attempts: retried.attempts },
      },
      now,
    );
    return retried;
  });
}
