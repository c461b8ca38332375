import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod';
import { idParamSchema } from '../accounts/params';
import { OUTBOX_STATES, type OutboxState } from '../db/schema/notifications';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { isoInstantSql } from '../lib/sql-instant';
import { validate } from '../lib/validate';
import { operatorAuth } from '../routes/operator';
import { optOut, readUnsubscribeToken, signingKey } from './unsubscribe';

export const NOTIFICATION_MESSAGES = {
  linkInvalid: '配信停止のリンクが正しくありません。メールに記載のリンクをそのままお使いください。',
  notFound: 'メッセージが見つかりません。',
  notDead: '配信停止（dead）のメッセージだけを再送できます。',
} as const;

/** The one-click link's query: the signed token the mail's List-Unsubscribe carries. */
export const unsubscribeQuerySchema = z.strictObject({
  token: z.string().min(1).max(200),
});

export const unsubscribeAnswerSchema = z.object({
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  label: z.string().meta({ description: 'The kind as the member knows it, e.g. 再入荷のお知らせ' }),
  unsubscribed: z.literal(true),
});

/**
 * /api/notifications/: the one-click unsubscribe (RFC 8058) a mail client POSTs without a login
 * or a CSRF token (the signed token is the proof); the body, `List-Unsubscribe=One-Click`, is
 * not read.
 */
export function notificationRoutes(deps: AppDeps) {
  return new Hono().post('/unsubscribe/', validate('query', unsubscribeQuerySchema), async (c) => {
    const named = readUnsubscribeToken(await signingKey(deps.db), c.req.valid('query').token);
    if (named === null) {
      throw new ApiError(400, 'unsubscribe_link_invalid', NOTIFICATION_MESSAGES.linkInvalid);
    }
    await optOut(deps.db, named.memberId, named.kind);
    return c.json({
      kind: named.kind,
      label: NOTIFICATION_KINDS[named.kind].label,
      unsubscribed: true as const,
    });
  });
}

/** The dead mails the operator sees: what and why, never to whom. */
export const DEAD_LETTERS_SHOWN = 100;

export const outboxMessageSchema = z.object({
  id: z.int(),
  kind: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.int(),
  lastError: z
    .string()
    .nullable()
    .meta({ description: 'SMTP error code and reply code, or the reason (no address)' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const outboxSummarySchema = z.object({
  counts: z.object(
    Object.fromEntries(OUTBOX_STATES.map((s) => [s, z.int()])) as Record<OutboxState, z.ZodInt>,
  ),
  dead: z.array(outboxMessageSchema).meta({
    description: `The newest ${DEAD_LETTERS_SHOWN} dead mails`,
  }),
});

const MESSAGE_COLUMNS = sql`id::int as id, kind, state, attempts, last_error as "lastError",
  ${isoInstantSql('created_at')} as "createdAt", ${isoInstantSql('updated_at')} as "updatedAt"`;

/**
 * /api/operator/notifications/: the outbox's counts by state with the dead mails, and the retry
 * of a dead mail (queued again, due now, its attempts reset).
 */
export function operatorNotificationRoutes(deps: AppDeps) {
  const operator = operatorAuth(deps);
  return new Hono()
    .get('/', operator, async (c) => {
      const counted = await deps.db.rows<{ state: OutboxState; n: number }>(
        sql`select state, count(*)::int as n from notification_outbox group by state`,
      );
      const counts = Object.fromEntries(
        OUTBOX_STATES.map((s) => [s, counted.find((r) => r.state === s)?.n ?? 0]),
      ) as Record<OutboxState, number>;
      const dead = await deps.db.rows<z.infer<typeof outboxMessageSchema>>(
        sql`select ${MESSAGE_COLUMNS} from notification_outbox where state = 'dead'
            order by id desc limit ${DEAD_LETTERS_SHOWN}`,
      );
      return c.json({ counts, dead });
    })
    .post('/:id/retry/', operator, validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const at = deps.now().toISOString();
      const [retried] = await deps.db.rows<z.infer<typeof outboxMessageSchema>>(
        sql`update notification_outbox
            set state = 'queued', attempts = 0, next_attempt_at = ${at}, updated_at = ${at}
            where id = ${id} and state = 'dead'
            returning ${MESSAGE_COLUMNS}`,
      );
      if (retried !== undefined) return c.json(retried);
      const [exists] = await deps.db.rows<{ id: number }>(
        sql`select id::int as id from notification_outbox where id = ${id}`,
      );
      if (exists === undefined) {
        throw new ApiError(404, 'notification_not_found', NOTIFICATION_MESSAGES.notFound);
      }
      throw new ApiError(409, 'notification_not_dead', NOTIFICATION_MESSAGES.notDead);
    });
}
