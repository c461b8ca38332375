import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS } from '@shop/rules';
import { Hono } from 'hono';
import * as z from 'zod';
import { deadLetterRetryRoute } from '../admin/notifications';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { outboxCountsSchema, outboxMessageSchema } from '../schemas/outbox';
import { staffAuth } from '../staff/access';
import { DEAD_LETTERS_SHOWN, outboxSummary } from './dead-letters';
import { readUnsubscribeLink, unsubscribe } from './unsubscribe';

export const UNSUBSCRIBE_MESSAGES = {
  linkInvalid: '配信停止のリンクが正しくありません。メールに記載のリンクをそのままお使いください。',
} as const;

/** The one-click link's query: the signed token the mail's List-Unsubscribe carries. */
const unsubscribeQuerySchema = z.strictObject({
  token: z.string().min(1).max(200),
});

/** What a signed link names, read before the person confirms (GET changes nothing). */
const unsubscribeLinkSchema = z.object({
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  label: z.string().meta({ description: 'The kind as the member knows it, e.g. 再入荷のお知らせ' }),
  unsubscribed: z.boolean().meta({ description: 'Whether the member has turned it off already' }),
});

const unsubscribeAnswerSchema = z.object({
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
  const invalid = () =>
    new ApiError(400, 'unsubscribe_link_invalid', UNSUBSCRIBE_MESSAGES.linkInvalid);
  const INVALID_LINK =
    '`unsubscribe_link_invalid`: not a token this shop signed, or one naming a kind that cannot be turned off';
  return new Hono()
    .get(
      '/unsubscribe/',
      documented({
        tag: 'notifications',
        summary:
          "What an unsubscribe link names (the kind, and whether the member gets it no more: turned off or withdrawn), for the storefront's page a person opens from the mail; changes nothing",
        response: unsubscribeLinkSchema,
        errors: { 400: INVALID_LINK },
      }),
      validate('query', unsubscribeQuerySchema),
      async (c) => {
        // For the storefront's page a person opens from the mail: names the kind, changes nothing
        // (mail clients and scanners fetch links on their own).
        const link = await readUnsubscribeLink(deps.db, c.req.valid('query').token);
        if (link === null) throw invalid();
        return c.json({ ...link, label: NOTIFICATION_KINDS[link.kind].label });
      },
    )
    .post(
      '/unsubscribe/',
      documented({
        tag: 'notifications',
        summary:
          "One-click unsubscribe (RFC 8058): the URL of a mail's List-Unsubscribe, POSTed by the mail client with the body List-Unsubscribe=One-Click (not read); no session or CSRF token, the signed token is the proof",
        response: unsubscribeAnswerSchema,
        errors: { 400: INVALID_LINK },
      }),
      validate('query', unsubscribeQuerySchema),
      async (c) => {
        const named = await unsubscribe(deps.db, c.req.valid('query').token);
        if (named === null) throw invalid();
        return c.json({
          kind: named.kind,
          label: NOTIFICATION_KINDS[named.kind].label,
          unsubscribed: true as const,
        });
      },
    );
}

const outboxSummarySchema = z.object({
  counts: outboxCountsSchema,
  dead: z.array(outboxMessageSchema).meta({
    description: `The newest ${DEAD_LETTERS_SHOWN} dead mails`,
  }),
});

/**
 * /api/operator/notifications/: the outbox's counts by state with the dead mails, and the retry
 * of a dead mail (dead-letters.ts), for the CLI and scripts: a staff API token (read to look,
 * write to retry, the retry audited) or the legacy OPERATOR_TOKEN, like the rest of
 * /api/operator/. The back office's page uses /api/admin/notifications/.
 */
export function operatorNotificationRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'operator',
        summary:
          'The mail outbox: how many mails in each state, and the newest dead ones (no recipient)',
        access: 'staff:read',
        response: outboxSummarySchema,
      }),
      staffAuth(deps, 'read'),
      async (c) => c.json(await outboxSummary(deps)),
    )
    .route('/', deadLetterRetryRoute(deps, 'operator'));
}
