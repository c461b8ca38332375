import type { CarrierName, NotificationKindName, ReleaseDatePrecision } from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client';
import { type Tx, txRows } from '../db/tx';

/** Who cancelled an order, as its cancellation mail says it. */
export type OrderCancellationReason = 'member' | 'operator' | 'payment_overdue';

/**
 * What each kind's mail is composed from, stored with the message: the ids of what it is about
 * and the facts of the change that caused it (a postponement's old and new date), never an
 * address or a name, so the outbox holds no personal data beyond a member id and a withdrawal
 * has nothing to erase here. A kind without a composer yet carries whatever its author decides.
 */
export interface NotificationPayloads {
  /** Every order one checkout made: one mail for them all. */
  order_confirmation: { checkoutId: number; orderIds: number[] };
  /** An order became 入金待ち with this due date (the account and amount are the order's). */
  payment_request: { orderId: number; dueDate: string };
  /** The order is still unpaid as its due date nears. */
  payment_reminder: { orderId: number; dueDate: string };
  /** The operator recorded the order's transfer. */
  payment_received: { orderId: number };
  /** The order was cancelled: by the member, by the shop, or at its due date unpaid. */
  order_cancelled: { orderId: number; reason: OrderCancellationReason };
  /** One parcel left: an order, or every order of a bundle, with how to follow it. */
  shipped: { orderIds: number[]; carrier: CarrierName; trackingNumber: string };
  /**
   * A member's open reservations of one product whose release moved (the title is the
   * catalog's, not personal): one mail per member, with a free cancellation link per order.
   */
  release_postponed: {
    orderIds: number[];
    productId: number;
    title: string;
    previous: { date: string; precision: ReleaseDatePrecision } | null;
    next: { date: string; precision: ReleaseDatePrecision };
  };
  /**
   * A member's orders priced by one decision of a 価格未定 item (`priced`: the new totals and the
   * last day to cancel free), or one such card order cancelled because its card was refused at
   * the authorisation that followed (`card_failed`). The amounts are read when sent.
   */
  price_decided:
    | { outcome: 'priced'; orderIds: number[]; variationId: number; cancelDeadline: string }
    | { outcome: 'card_failed'; orderIds: number[]; cancelDeadline: null };
  /**
   * The reset link: its row and its token (the mail's link needs the token; the link's table
   * keeps only its hash, and the link works 30 minutes once). See docs/account-mail.md.
   */
  password_reset: { linkId: number; token: string };
  /** When the password was set anew (the notice says when). */
  password_changed: { at: string };
  /** The link confirming a new address, mailed to that address (`to: { address }`). */
  email_change: { linkId: number; token: string };
  /** The notice to the OLD address that the member's address changed, and when. */
  email_changed: { at: string };
  /** Mailed to the address the member had, composed without the (erased) member row. */
  withdrawal_completed: { at: string };
  /**
   * The member's whole balance expires after `date` (the last day it can be used), as the job
   * found it; the mail states what stands when it is sent (docs/account-mail.md).
   */
  points_expiring: { date: string; amount: number };
  /** The products added on one JST day by a member's favourite authors, circles or series. */
  favorite_new_releases: { day: string; productIds: number[] };
  /** A variation back in stock that the member asked about (its title is read when sent). */
  restock: { variationId: number; productId: number };
}

/**
 * One mail to send, as the change that causes it records it (a kind missing from
 * NotificationPayloads fails to compile here).
 */
export type Notice = {
  [K in NotificationKindName]: {
    kind: K;
    /** A member (their address is read when the mail is sent), or an address of its own. */
    to: { memberId: number } | { address: string };
    payload: NotificationPayloads[K];
    /**
     * Names the cause, so one cause queues one mail whatever retries the change makes:
     * `order_confirmation:checkout:12`, `release_postponed:product:7:2026-12-01:order:99`.
     */
    dedupeKey: string;
  };
}[NotificationKindName];

/** Rows of one INSERT: under PostgreSQL's 65,535 parameters at 7 per row. */
const ROWS_PER_INSERT = 1000;

/**
 * Queues mails in the transaction of the change that causes them (the outbox): they are sent if
 * and only if that transaction commits. A notice whose dedupe key is already queued (or sent) is
 * dropped. `now` is the shop's clock: the mails are due at once. Returns how many were queued.
 */
export async function enqueueNotifications(
  tx: Tx | Orm,
  notices: readonly Notice[],
  now: Date,
): Promise<number> {
  let queued = 0;
  const at = now.toISOString();
  for (let start = 0; start < notices.length; start += ROWS_PER_INSERT) {
    const chunk = notices.slice(start, start + ROWS_PER_INSERT);
    // A mail to a member is also one of their お知らせ (member_notices), written by the same
    // statement from the rows it really queued, so a dropped duplicate adds no notice either.
    const [row] = await txRows<{ queued: number }>(
      tx,
      sql`with queued as (
            insert into notification_outbox
              (kind, member_id, recipient, payload, dedupe_key, next_attempt_at, created_at, updated_at)
            values ${sql.join(
              chunk.map(
                (n) =>
                  sql`(${n.kind}, ${'memberId' in n.to ? n.to.memberId : null}, ${'address' in n.to ? n.to.address : null},
                       ${JSON.stringify(n.payload)}::jsonb, ${n.dedupeKey}, ${at}, ${at}, ${at})`,
              ),
              sql`, `,
            )}
            on conflict (dedupe_key) do nothing
            returning member_id, kind),
          noticed as (
            insert into member_notices (member_id, kind, created_at)
            select member_id, kind, ${at} from queued where member_id is not null
            returning 1)
          select (select count(*) from queued)::int as queued`,
    );
    queued += row?.queued ?? 0;
  }
  return queued;
}

/**
 * Queues one mail of `kind` per row of `rows`, a SELECT of `(member_id, payload, dedupe_key)`
 * run inside the INSERT: a change reaching thousands of members (a popular title postponed)
 * queues their mails in one statement instead of carrying every row through the application.
 * The select must build each payload as NotificationPayloads[kind] (the database cannot check
 * it; the kind's composer test reads what it wrote). Duplicate dedupe keys are dropped as in
 * enqueueNotifications. Returns how many were queued.
 */
export async function enqueueNotificationsFromSelect<K extends NotificationKindName>(
  tx: Tx | Orm,
  kind: K,
  rows: SQL,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const [counted] = await txRows<{ queued: number }>(
    tx,
    sql`with queued as (
          insert into notification_outbox
            (kind, member_id, recipient, payload, dedupe_key, next_attempt_at, created_at, updated_at)
          select ${kind}, r.member_id, null, r.payload, r.dedupe_key, ${at}, ${at}, ${at}
          from (${rows}) as r(member_id, payload, dedupe_key)
          on conflict (dedupe_key) do nothing
          returning 1
        )
        select count(*)::int as queued from queued`,
  );
  return counted?.queued ?? 0;
}

/** The mail confirming the orders one checkout wrote, queued in the transaction that writes them. */
export function enqueueOrderConfirmation(
  tx: Tx,
  order: { memberId: number; checkoutId: number; orderIds: number[] },
  now: Date,
): Promise<number> {
  return enqueueNotifications(
    tx,
    [
      {
        kind: 'order_confirmation',
        to: { memberId: order.memberId },
        payload: { checkoutId: order.checkoutId, orderIds: order.orderIds },
        dedupeKey: `order_confirmation:checkout:${order.checkoutId}`,
      },
    ],
    now,
  );
}
