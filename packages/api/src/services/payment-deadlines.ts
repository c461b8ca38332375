import {
  isPaymentOverdue,
  isPaymentReminderDue,
  jstToday,
  type PaymentMethodName,
  paymentDueDate,
} from '@shop/rules';
import { sql } from 'drizzle-orm';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import type { ScheduledJob } from '../notifications/jobs';
import { paymentReminderNotice, paymentRequestNotice } from '../notifications/order-notices';
import { enqueueNotifications } from '../notifications/outbox';
import { cancelOrder } from './orders';
import { ServiceError } from './service-error';

// The payment side of an order's lifecycle, run by the scheduled jobs (docs/lifecycle.md):
// a reservation paid by transfer becomes 入金待ち when its release day comes, a waiting order is
// reminded before its due date and cancelled after it. Each step locks the order and checks its
// state again, so a job overlapping itself, another instance or a shopper changes nothing twice.

/** Orders handled per tick and job: a backlog is worked off over the next ticks. */
const BATCH = 500;

/**
 * Reservations paid by transfer whose release day has come and whose money is not in: each
 * becomes 入金待ち, due `paymentDueDate` counted from today, and ご入金のお願い is queued with
 * the change. Returns the ids moved.
 */
export async function openReleasedReservations(deps: AppDeps, now: Date): Promise<number[]> {
  const candidates = await txRows<{ orderId: number }>(
    deps.db.orm,
    sql`select d.order_id::int as "orderId" from order_details d join orders o on o.id = d.order_id
        where o.status = 'reserved' and d.payment_account is not null and d.paid_at is null
          and d.release_date <= ${jstToday(now)}
        order by d.order_id limit ${BATCH}`,
  );
  const moved: number[] = [];
  for (const { orderId } of candidates) {
    const opened = await deps.db.orm.transaction(async (tx) => {
      const [order] = await txRows<{
        memberId: number;
        paymentMethod: PaymentMethodName;
        amountDue: number;
      }>(
        tx,
        sql`select d.member_id as "memberId", d.payment_method as "paymentMethod", d.amount_due as "amountDue"
            from orders o join order_details d on d.order_id = o.id
            where o.id = ${orderId} and o.status = 'reserved' and d.paid_at is null
              and d.release_date <= ${jstToday(now)}
            for update of o`,
      );
      if (order === undefined) return false;
      const dueDate = paymentDueDate(now, order.paymentMethod, order.amountDue);
      if (dueDate === null) return false;
      await tx.execute(
        sql`update order_details set payment_due_date = ${dueDate} where order_id = ${orderId}`,
      );
      await tx.execute(sql`update orders set status = 'awaiting_payment' where id = ${orderId}`);
      await tx.execute(
        sql`insert into order_state_history (order_id, from_state, to_state, actor, note, at)
            values (${orderId}, 'reserved', 'awaiting_payment', 'system', 'released', ${now.toISOString()})`,
      );
      await enqueueNotifications(tx, [paymentRequestNotice(order.memberId, orderId, dueDate)], now);
      return true;
    });
    if (opened) moved.push(orderId);
  }
  return moved;
}

/** Orders waiting for their money (入金待ち, a due date, unpaid). */
function waitingOrders(deps: AppDeps) {
  return txRows<{ orderId: number; memberId: number; dueDate: string }>(
    deps.db.orm,
    sql`select d.order_id::int as "orderId", d.member_id as "memberId", d.payment_due_date::text as "dueDate"
        from order_details d join orders o on o.id = d.order_id
        where d.payment_due_date is not null and d.paid_at is null and o.status = 'awaiting_payment'
        order by d.payment_due_date, d.order_id`,
  );
}

/**
 * Queues お支払い期限のお知らせ for each waiting order whose reminder is due
 * (@shop/rules isPaymentReminderDue), once per order and due date (its dedupe key). Returns
 * how many were queued now.
 */
export async function remindDuePayments(deps: AppDeps, now: Date): Promise<number> {
  const due = (await waitingOrders(deps)).filter((o) => isPaymentReminderDue(o.dueDate, now));
  return enqueueNotifications(
    deps.db.orm,
    due.map((o) => paymentReminderNotice(o.memberId, o.orderId, o.dueDate)),
    now,
  );
}

/**
 * Cancels each waiting order past its due date (@shop/rules isPaymentOverdue) through
 * cancelOrder, which returns its stock, benefits and points and queues the cancellation mail. An
 * order paid or cancelled meanwhile is refused under its lock and left as it is. Returns the ids
 * cancelled.
 */
export async function cancelOverdueOrders(deps: AppDeps, now: Date): Promise<number[]> {
  const overdue = (await waitingOrders(deps))
    .filter((o) => isPaymentOverdue(o.dueDate, now))
    .slice(0, BATCH);
  const cancelled: number[] = [];
  for (const { orderId } of overdue) {
    try {
      await cancelOrder(deps, orderId, 'payment_overdue');
      cancelled.push(orderId);
    } catch (error) {
      // Paid, cancelled or taken by another run since it was read: the race was lost, fairly.
      if (error instanceof ServiceError && error.code === 'order_not_cancellable') continue;
      throw error;
    }
  }
  return cancelled;
}

const EVERY_15_MINUTES = 15 * 60 * 1000;

/**
 * The payment jobs, in the order a tick should run them (a release first, so its order is
 * reminded and cancelled by the same rules as any other). Every 15 minutes: a due date ends at
 * 00:00 JST, and the order is cancelled within a quarter of an hour after.
 */
export const PAYMENT_JOBS: readonly ScheduledJob[] = [
  {
    name: 'payment_open_released_reservations',
    intervalMs: EVERY_15_MINUTES,
    run: async (deps, now) => void (await openReleasedReservations(deps, now)),
  },
  {
    name: 'payment_reminders',
    intervalMs: EVERY_15_MINUTES,
    run: async (deps, now) => void (await remindDuePayments(deps, now)),
  },
  {
    name: 'payment_overdue_cancellations',
    intervalMs: EVERY_15_MINUTES,
    run: async (deps, now) => void (await cancelOverdueOrders(deps, now)),
  },
];
