import { canOptOut, isNotificationKind } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { startPollLoop } from '../lib/poll-loop';
import { composeKind, envelope, shopOrigin } from './compose';
import { PermanentMailError, type Recipient } from './kinds/composer';
import type { Mailer } from './mailer';
import type { NotificationPayloads } from './outbox';
import { unsubscribeToken } from './unsubscribe';

// Delivery: any number of workers, in any number of instances, take due mails from the outbox
// with FOR UPDATE SKIP LOCKED, so no two take the same one. A claim is a lease: it raises
// `attempts` and sets `next_attempt_at` to when the lease lapses. The worker composes and sends,
// then marks the mail sent under the same `attempts` (a worker whose lease lapsed and whose mail
// another worker took cannot mark it). An instance that dies between send and mark leaves the
// mail `sending`: when the lease lapses another worker sends it again, with the same Message-ID
// (derived from the outbox id), which receivers use to drop the copy. So delivery is
// at-least-once, deduplicated by Message-ID; docs/architecture.md "Notifications".

/** How often an idle worker looks for due mails: a queued mail waits this long at most. */
const POLL_MS = 1000;

/** The longest wait between two attempts, whatever the number of failures. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** How long after `attempts` failures the next attempt is due: doubling from MAIL_RETRY_BASE_MS. */
export function backoffMs(retryBaseMs: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  memberId: number | null;
  /** The member's current address (null once withdrawn) or the row's own recipient. */
  address: string | null;
  name: string;
  optedOut: boolean;
}

/**
 * What is kept of a failure: nodemailer's error code and the SMTP reply code, or our own reason.
 * Never the message of an SMTP reply, which often quotes the address.
 */
function redact(error: unknown): string {
  if (error instanceof PermanentMailError) return error.message;
  const e = error as { code?: unknown; responseCode?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Error';
  const reply = typeof e.responseCode === 'number' ? ` ${e.responseCode}` : '';
  return `${code}${reply}`.slice(0, 100);
}

/** A refusal that retrying cannot mend: the relay refused the recipient or sender for good (5xx). */
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentMailError) return true;
  const e = error as { code?: unknown; responseCode?: unknown };
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

/** Mails a worker claims at once: twice what it sends at once, so its pool never idles. */
function claimBatch(mail: { concurrency: number }): number {
  return mail.concurrency * 2;
}

export interface DeliveryOptions {
  /** Mails claimed at once (default: claimBatch). */
  batch?: number;
}

/**
 * Claims the due mails (at most one batch), sends them MAIL_CONCURRENCY at a time, and records
 * each outcome. Returns how many it claimed: a full batch means more may be due.
 */
export async function deliverDue(
  deps: AppDeps,
  mailer: Mailer,
  key: Buffer,
  options: DeliveryOptions = {},
): Promise<number> {
  const { concurrency, maxAttempts, leaseMs } = deps.config.mail;
  const batch = options.batch ?? claimBatch(deps.config.mail);
  const now = deps.now();
  const at = now.toISOString();
  // A mail whose every lease lapsed (its instances died while sending it) is dead, not retried
  // forever: the same bound as failures.
  await deps.db.rows(
    sql`update notification_outbox set state = 'dead', last_error = 'lease lapsed on every attempt', updated_at = ${at}
        where state = 'sending' and next_attempt_at <= ${at} and attempts >= ${maxAttempts}`,
  );
  const claimed = await deps.db.rows<Claimed>(
    sql`with due as (
          select o.id, m.email, m.name from notification_outbox o
          left join members m on m.id = o.member_id
          where o.state in ('queued', 'sending') and o.next_attempt_at <= ${at} and o.attempts < ${maxAttempts}
          order by o.next_attempt_at, o.id
          limit ${batch}
          for update of o skip locked)
        update notification_outbox o
        set state = 'sending', attempts = o.attempts + 1,
            next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}, updated_at = ${at}
        from due
        where o.id = due.id
        returning o.id::int as id, o.kind, o.payload, o.attempts, o.member_id as "memberId",
          coalesce(o.recipient, due.email) as address, coalesce(due.name, '') as name,
          exists (select 1 from notification_opt_outs x where x.member_id = o.member_id and x.kind = o.kind) as "optedOut"`,
  );
  const queue = [...claimed];
  const worker = async () => {
    for (let mail = queue.shift(); mail !== undefined; mail = queue.shift()) {
      await deliverOne(deps, mailer, key, mail, now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
  return claimed.length;
}

async function deliverOne(
  deps: AppDeps,
  mailer: Mailer,
  key: Buffer,
  mail: Claimed,
  now: Date,
): Promise<void> {
  const { config } = deps;
  const mine = sql`id = ${mail.id} and attempts = ${mail.attempts} and state = 'sending'`;
  // The claim's time stamps the mail (its Date); each outcome is stamped when it is known.
  const at = () => deps.now().toISOString();
  const skip = (reason: string) =>
    deps.db.rows(
      sql`update notification_outbox set state = 'skipped', last_error = ${reason}, updated_at = ${at()} where ${mine}`,
    );
  if (!isNotificationKind(mail.kind)) {
    await deps.db.rows(
      sql`update notification_outbox set state = 'dead', last_error = 'unknown kind', updated_at = ${at()} where ${mine}`,
    );
    return;
  }
  if (mail.address === null) return void (await skip('no address (the member withdrew)'));
  // An essential kind is sent whatever the opt-outs say (a stale row cannot silence it).
  if (mail.optedOut && canOptOut(mail.kind)) {
    return void (await skip('the member turned this kind off'));
  }
  try {
    const recipient: Recipient = {
      memberId: mail.memberId,
      address: mail.address,
      name: mail.name,
    };
    const origin = shopOrigin(config);
    const composition = await composeKind(
      mail.kind,
      { deps, recipient, url: (path) => `${origin}${path}` },
      mail.payload as NotificationPayloads[typeof mail.kind],
    );
    if (composition === null) return void (await skip('nothing to tell any more'));
    const unsubscribeUrl =
      mail.memberId === null
        ? null
        : `${origin}/api/notifications/unsubscribe/?token=${unsubscribeToken(key, mail.memberId, mail.kind)}`;
    const outgoing = envelope(
      config,
      { outboxId: mail.id, kind: mail.kind, to: mail.address, date: now, unsubscribeUrl },
      composition,
    );
    await mailer.send(outgoing, { outboxId: mail.id, kind: mail.kind });
    const sentAt = at();
    // A mail to an address of its own (a new address being verified, a withdrawn member's) keeps
    // no address once sent: '' satisfies the one-recipient check and is nobody's.
    await deps.db.rows(
      sql`update notification_outbox set state = 'sent', message_id = ${outgoing.messageId}, last_error = null,
            recipient = case when recipient is null then null else '' end,
            sent_at = ${sentAt}, updated_at = ${sentAt}
          where ${mine}`,
    );
  } catch (error) {
    const dead = isPermanent(error) || mail.attempts >= config.mail.maxAttempts;
    const failedAt = deps.now();
    const retryAt = new Date(
      failedAt.getTime() + backoffMs(config.mail.retryBaseMs, mail.attempts),
    );
    await deps.db.rows(
      sql`update notification_outbox
          set state = ${dead ? 'dead' : 'queued'}, last_error = ${redact(error)},
              next_attempt_at = ${(dead ? failedAt : retryAt).toISOString()}, updated_at = ${failedAt.toISOString()}
          where ${mine}`,
    );
  }
}

export interface DeliveryWorker {
  /** Stops claiming; resolves when the mails it holds are sent and recorded. */
  stop(): Promise<void>;
}

/**
 * Delivers due mails until stopped: batch after batch while they come full, else every
 * POLL_MS. A database or relay that fails is logged and tried again on the next poll.
 */
export function startDeliveryWorker(deps: AppDeps, mailer: Mailer, key: Buffer): DeliveryWorker {
  return startPollLoop(POLL_MS, async () => {
    let claimed = 0;
    try {
      claimed = await deliverDue(deps, mailer, key);
    } catch (error) {
      deps.log('mail: a delivery round failed; retrying at the next poll', error);
    }
    // A full batch: more mails are likely due, so the next round starts at once.
    return claimed >= claimBatch(deps.config.mail);
  });
}
