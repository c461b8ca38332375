import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import {
  outboxCounts,
  retryDeadLetter,
  TROUBLED_STATES,
  troubledMessages,
} from '../notifications/dead-letters';
import { outboxCountsSchema, outboxMessageSchema } from '../schemas/outbox';
import { idParamSchema } from '../schemas/params';
import { staffAuth, staffOf } from '../staff/access';
import { listPageSchema, listQueryFields, toListPage } from './list-page';

// /api/admin/notifications/ (docs/backoffice.md, "Notifications"): the mail outbox as the staff
// see it, the dead and failing mails a page at a time, and the retry of a dead one, audited.

const troubledMessageSchema = outboxMessageSchema.extend({
  nextAttemptAt: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'When the worker tries a failing mail next; null for a dead one' }),
});

const outboxPageSchema = listPageSchema(troubledMessageSchema).extend({
  counts: outboxCountsSchema,
});

const outboxListQuery = z.strictObject({
  state: z
    .enum(TROUBLED_STATES, {
      error: '表示する状態は「配信停止」か「再試行中」から選んでください。',
    })
    .optional()
    .meta({
      description:
        '`dead` (given up) or `failing` (a send failed, retried with backoff); none lists both',
    }),
  ...listQueryFields,
});

export function adminNotificationRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'admin',
        access: 'staff:read',
        summary:
          'The mail outbox: counts by state, and the dead and failing mails newest first (no recipient)',
        response: outboxPageSchema,
      }),
      staffAuth(deps, 'read'),
      validate('query', outboxListQuery),
      async (c) => {
        const { state, limit, cursor } = c.req.valid('query');
        const [counts, rows] = await Promise.all([
          outboxCounts(deps),
          troubledMessages(deps, { state, limit, after: cursor }),
        ]);
        return c.json({ counts, ...toListPage(rows, limit, (row) => row) });
      },
    )
    .route('/', deadLetterRetryRoute(deps, 'admin'));
}

/**
 * POST :id/retry/: queues a dead mail again (dead-letters.ts), audited; the same operation in the
 * back office's API (`admin`) and the operator API (`operator`).
 */
export function deadLetterRetryRoute(deps: AppDeps, tag: 'admin' | 'operator') {
  return new Hono().post(
    '/:id/retry/',
    documented({
      tag,
      summary:
        'Queue a dead mail again, due now, its attempts reset (it keeps its Message-ID); audited',
      access: 'staff:write',
      response: outboxMessageSchema,
      errors: {
        404: '`notification_not_found`',
        409: '`notification_not_dead`: only a dead mail is queued again',
      },
    }),
    staffAuth(deps, 'write'),
    validate('param', idParamSchema),
    async (c) => c.json(await retryDeadLetter(deps, c.req.valid('param').id, staffOf(c))),
  );
}
