import { idParamSchema } from '../accounts/params';
import type { RouteDoc } from '../lib/route-doc';
import {
  outboxMessageSchema,
  outboxSummarySchema,
  unsubscribeAnswerSchema,
  unsubscribeLinkSchema,
  unsubscribeQuerySchema,
} from './routes';

/** The notifications' operations: the one-click unsubscribe and the operator's outbox. */
export const NOTIFICATION_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/notifications/unsubscribe/',
    tag: 'notifications',
    summary:
      "What an unsubscribe link names (the kind, and whether the member gets it no more: turned off or withdrawn), for the storefront's page a person opens from the mail; changes nothing",
    query: unsubscribeQuerySchema,
    response: unsubscribeLinkSchema,
    errors: {
      400: '`unsubscribe_link_invalid`: not a token this shop signed, or one naming a kind that cannot be turned off',
    },
  },
  {
    method: 'post',
    path: '/api/notifications/unsubscribe/',
    tag: 'notifications',
    summary:
      "One-click unsubscribe (RFC 8058): the URL of a mail's List-Unsubscribe, POSTed by the mail client with the body List-Unsubscribe=One-Click (not read); no session or CSRF token, the signed token is the proof",
    query: unsubscribeQuerySchema,
    response: unsubscribeAnswerSchema,
    errors: {
      400: '`unsubscribe_link_invalid`: not a token this shop signed, or one naming a kind that cannot be turned off',
    },
  },
  {
    method: 'get',
    path: '/api/operator/notifications/',
    tag: 'operator',
    summary:
      'The mail outbox: how many mails in each state, and the newest dead ones (no recipient)',
    access: 'operator',
    response: outboxSummarySchema,
  },
  {
    method: 'post',
    path: '/api/operator/notifications/{id}/retry/',
    tag: 'operator',
    summary: 'Queue a dead mail again, due now, its attempts reset (it keeps its Message-ID)',
    access: 'operator',
    params: idParamSchema,
    response: outboxMessageSchema,
    errors: {
      404: '`notification_not_found`',
      409: '`notification_not_dead`: only a dead mail is queued again',
    },
  },
];
