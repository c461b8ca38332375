import { sql } from 'drizzle-orm';
import { OUTBOX_STATES, type OutboxState } from '../db/schema/notifications';
import type { AppDeps } from '../deps';
import { isoInstantSql } from '../lib/sql-instant';
import { ServiceError } from '../services/service-error';

// What the operator sees of the outbox and may do with it (the operator API and CLI): counts by
// state, the dead mails (what and why, never to whom), and queueing a dead mail again.

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

/** How many mails are in each state, and the newest dead ones. */
export async function outboxSummary(
  deps: AppDeps,
): Promise<{ counts: Record<OutboxState, number>; dead: OutboxMessage[] }> {
  const counted = await deps.db.rows<{ state: OutboxState; n: number }>(
    sql`select state, count(*)::int as n from notification_outbox group by state`,
  );
  const counts = Object.fromEntries(
    OUTBOX_STATES.map((s) => [s, counted.find((r) => r.state === s)?.n ?? 0]),
  ) as Record<OutboxState, number>;
  const dead = await deps.db.rows<OutboxMessage>(
    sql`select ${MESSAGE_COLUMNS} from notification_outbox where state = 'dead'
        order by id desc limit ${DEAD_LETTERS_SHOWN}`,
  );
  return { counts, dead };
}

/**
 * Queues a dead mail again, due now, its attempts reset (it keeps its id, so its Message-ID).
 * 404 `notification_not_found`, 409 `notification_not_dead` for a mail in another state.
 */
export async function retryDeadLetter(deps: AppDeps, id: number): Promise<OutboxMessage> {
  const at = deps.now().toISOString();
  const [retried] = await deps.db.rows<OutboxMessage>(
    sql`update notification_outbox
        set state = 'queued', attempts = 0, next_attempt_at = ${at}, updated_at = ${at}
        where id = ${id} and state = 'dead'
        returning ${MESSAGE_COLUMNS}`,
  );
  if (retried !== undefined) return retried;
  const [exists] = await deps.db.rows<{ id: number }>(
    sql`select id::int as id from notification_outbox where id = ${id}`,
  );
  if (exists === undefined) {
    throw new ServiceError('notification_not_found', DEAD_LETTER_MESSAGES.notFound);
  }
  throw new ServiceError('notification_not_dead', DEAD_LETTER_MESSAGES.notDead);
}
