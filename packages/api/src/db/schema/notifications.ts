import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { variations } from './catalog';
import { createdAt, ownedBy, timestamptz } from './columns';

// Mail and scheduled work (src/notifications/): the outbox a change writes its mails into in its
// own transaction, the members' opt-outs of non-essential kinds, the key that signs one-click
// unsubscribe links, and the scheduled jobs every instance shares. docs/architecture.md
// "Notifications" tells how they fit.

/**
 * The states of an outbox message: `queued` (waiting for `next_attempt_at`), `sending` (claimed
 * by a worker until `next_attempt_at`, its lease), `sent`, `dead` (failed `attempts` times; the
 * operator may queue it again) and `skipped` (nobody to send it to: the member withdrew, or turned
 * the kind off after it was queued).
 */
export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'dead', 'skipped'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** A @shop/rules NotificationKindName. */
    kind: text('kind').notNull(),
    /** The member it is for; their address is read when it is sent (it may change meanwhile). */
    memberId: integer('member_id').references(() => members.id),
    /** An address to send to instead of a member's (a new address being verified). */
    recipient: text('recipient'),
    /** What the kind's composer needs: ids and the facts of the change, never an address. */
    payload: jsonb('payload').notNull().default({}),
    /** One message per cause: a second enqueue with the same key is a no-op. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    state: text('state').$type<OutboxState>().notNull().default('queued'),
    /** Claims so far; a claim raises it, and a worker's result counts only for its own claim. */
    attempts: integer('attempts').notNull().default(0),
    /** When it is due (`queued`) or when its claim lapses (`sending`). */
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    /** Why the last attempt failed: an SMTP code and class, never an address or a body. */
    lastError: text('last_error'),
    /** The Message-ID it was sent with, derived from `id` so a re-send carries the same one. */
    messageId: text('message_id'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    check(
      'notification_outbox_state_known',
      sql`${t.state} in ('queued', 'sending', 'sent', 'dead', 'skipped')`,
    ),
    check(
      'notification_outbox_one_recipient',
      sql`(${t.memberId} is null) <> (${t.recipient} is null)`,
    ),
    // The workers' claim reads only what is due, oldest first.
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index('notification_outbox_dead_idx').on(t.id).where(sql`${t.state} = 'dead'`),
    // The back office's order page lists the mails of its member naming the order.
    index('notification_outbox_member_idx')
      .on(t.memberId, t.id)
      .where(sql`${t.memberId} is not null`),
  ],
);

/** A member's "do not send me this kind" (only kinds @shop/rules `canOptOut` allows). */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    memberId: ownedBy('member_id', () => members.id),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/**
 * The key of the one-click unsubscribe links' signatures: made by the first instance that starts
 * and shared by all through the database, so a link stays valid across instances and restarts.
 */
export const mailSigningKeys = pgTable(
  'mail_signing_keys',
  {
    id: smallint('id').primaryKey(),
    secret: text('secret').notNull(),
  },
  (t) => [check('mail_signing_keys_single', sql`${t.id} = 1`)],
);

/** Work that runs every `interval_ms`, once per tick across all instances (notifications/jobs.ts). */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  /** The instance whose UPDATE moves this forward runs the tick; the others see it moved. */
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastStartedAt: timestamptz('last_started_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  /** The last run's failure (an error's class and message), null after a success. */
  lastError: text('last_error'),
});

/**
 * The member's お知らせ in /mypage: one row for each mail queued to a member, written by the
 * same statement that queues it (outbox.ts), so it is there if and only if the mail is. Kept
 * after the outbox prunes its sent rows; deleted with the member's other data at withdrawal.
 */
export const memberNotices = pgTable(
  'member_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    memberId: ownedBy('member_id', () => members.id),
    /** A @shop/rules NotificationKindName: its label is the notice's title. */
    kind: text('kind').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('member_notices_member_idx').on(t.memberId, t.id),
    index('member_notices_unread_idx').on(t.memberId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * 再入荷のお知らせ requests: a member asks to be told when a sold-out variation is back. The
 * stock change that brings it back mails every requester once and deletes the requests in the
 * same transaction (docs/catalog-mail.md).
 */
export const restockRequests = pgTable(
  'restock_requests',
  {
    /** Names the request in its mail's dedupe key: each request is mailed at most once. */
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().unique(),
    memberId: ownedBy('member_id', () => members.id),
    variationId: ownedBy('variation_id', () => variations.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.variationId] }),
    index('restock_requests_variation_idx').on(t.variationId),
  ],
);
