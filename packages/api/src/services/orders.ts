import {
  type CarrierName,
  isMemberCancellable,
  isPaidBeforeShipping,
  isPaymentOverdue,
  latestRelease,
  ORDER_STATE_LABELS,
  type PaymentMethodName,
  type Release,
  type ReleaseDatePrecision,
  releaseSpanStart,
  trackingUrl,
} from '@shop/rules';
import { sql } from 'drizzle-orm';
import { jstToday } from '../accounts/member-schemas';
import type { Orm } from '../db/client';
import type { OrderState, PaymentAccount } from '../db/schema/orders';
import { Rollback, type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { repeatInBackground } from '../lib/background';
import { isoInstantSql } from '../lib/sql-instant';
import {
  orderCancelledNotice,
  paymentReceivedNotice,
  shippedNotice,
} from '../notifications/order-notices';
import {
  enqueueNotifications,
  enqueueNotificationsFromSelect,
  type Notice,
  type NotificationPayloads,
  type OrderCancellationReason,
} from '../notifications/outbox';
import { paymentGateway } from '../payments/create-gateway';
import type { PaymentGateway, TransactionRef } from '../payments/gateway';
import type { StaffActor } from '../staff/access';
import { auditIfStaff, recordAudit } from '../staff/audit';
import { instructionsOf, type PaymentInstructions } from './checkout/instructions';
import { recoverAbandonedCheckouts } from './checkout/recovery';
import type { MemberOrders, WithdrawalBlocker } from './member-orders';
import { creditPoints } from './points';
import { ServiceError } from './service-error';

export const ORDER_MESSAGES = {
  notFound: 'ご注文が見つかりません。',
  notCancellable: 'このご注文は発送準備に入っているため、キャンセルできません。',
  notShippable: 'このご注文は発送できる状態ではありません。',
  notAwaitingPayment: 'このご注文は入金待ちではありません。',
  notReleased: '発売日前のため発送できません。',
  unpaid: '入金が確認できていないため発送できません。',
  captureFailed: 'カード決済の売上確定に失敗しました。',
  productNotFound: '商品が見つかりません。',
  releaseDateUnchanged: '発売日は変更されていません（同じ日付と精度が登録済みです）。',
  inBundle:
    'おまとめ配送に含まれるご注文は個別にキャンセルできません。キャンセルをご希望の場合はお問い合わせください。',
  bundleNotFound: 'おまとめ配送が見つかりません。',
  bundleNotShippable: 'このおまとめ配送は発送できる状態ではありません。',
  pricePending:
    '価格未定の商品を含むご注文、または価格決定後の決済承認がまだのご注文は発送できません。',
  bundleNotReleased: '発売前の商品を含むため、おまとめ配送はまだ発送できません。',
} as const;

/** The money of an order as its details record it, in yen (points for `pointsToGrant`). */
export interface OrderAmounts {
  subtotal: number;
  shippingFee: number;
  paymentFee: number;
  pointsUsed: number;
  /** What the payment method charges (after points). */
  amountDue: number;
  pointsToGrant: number;
}

export interface OrderView extends OrderAmounts {
  id: number;
  state: OrderState;
  placedAt: string;
  isReservation: boolean;
  releaseDate: string | null;
  /** How precisely releaseDate is known (a part of a month, a month); null with no releaseDate. */
  releaseDatePrecision: ReleaseDatePrecision | null;
  /** Holds a 価格未定 item: the amounts are 0 until the shop decides the price (価格未定). */
  pricePending: boolean;
  priceDecidedAt: string | null;
  shippingMethod: string;
  paymentMethod: string;
  deliveryTimeSlot: string;
  paidAt: string | null;
  shippedAt: string | null;
  bundleId: number | null;
  /**
   * Where and by when to pay an order paid before shipping (null for any other order); its
   * `dueDate` is null while a reservation waits for its release (docs/lifecycle.md).
   */
  paymentInstructions: PaymentInstructions | null;
  /** How to follow the parcel once shipped: the carrier and its tracking page (null before). */
  tracking: {
    carrier: CarrierName;
    trackingNumber: string;
    /** The carrier's page of this parcel (@shop/rules trackingUrl). */
    url: string | null;
  } | null;
  items: {
    productId: number;
    productSlug: string;
    title: string;
    variationId: number;
    variationName: string;
    quantity: number;
    /** null for a 価格未定 item. */
    unitPrice: number | null;
  }[];
  benefits: { benefitId: number; title: string; quantity: number; released: boolean }[];
}

const ORDER_COLUMNS = sql`o.id::int as id, o.status as state, ${isoInstantSql('o.placed_at')} as "placedAt",
  d.is_reservation as "isReservation", d.release_date::text as "releaseDate",
  d.release_date_precision as "releaseDatePrecision", d.price_pending as "pricePending",
  ${isoInstantSql('d.price_decided_at')} as "priceDecidedAt", d.shipping_method as "shippingMethod", d.payment_method as "paymentMethod",
  d.delivery_time_slot as "deliveryTimeSlot", o.subtotal, d.shipping_fee as "shippingFee",
  d.payment_fee as "paymentFee", d.points_used as "pointsUsed", d.amount_due as "amountDue",
  d.points_to_grant as "pointsToGrant", ${isoInstantSql('d.paid_at')} as "paidAt", ${isoInstantSql('d.shipped_at')} as "shippedAt",
  d.bundle_id::int as "bundleId", d.payment_account as "paymentAccount",
  d.payment_due_date::text as "paymentDueDate", d.carrier, d.tracking_number as "trackingNumber"`;

/** An order's row as ORDER_COLUMNS reads it. */
type OrderRow = Omit<OrderView, 'items' | 'benefits' | 'paymentInstructions' | 'tracking'> & {
  paymentAccount: PaymentAccount | null;
  paymentDueDate: string | null;
  carrier: CarrierName | null;
  trackingNumber: string | null;
};

async function withLines(db: Orm | Tx, rows: OrderRow[]): Promise<OrderView[]> {
  const orders = rows.map(
    ({ paymentAccount, paymentDueDate, carrier, trackingNumber, ...order }) => ({
      ...order,
      paymentInstructions: instructionsOf({
        paymentAccount,
        amountDue: order.amountDue,
        paymentDueDate,
      }),
      tracking:
        carrier === null || trackingNumber === null
          ? null
          : { carrier, trackingNumber, url: trackingUrl(carrier, trackingNumber) },
    }),
  );
  if (orders.length === 0) return [];
  const ids = sql.join(
    orders.map((o) => sql`${o.id}`),
    sql`, `,
  );
  const items = await txRows<OrderView['items'][number] & { orderId: number }>(
    db,
    sql`select i.order_id::int as "orderId", i.product_id as "productId", p.slug as "productSlug", p.title,
               i.variation_id as "variationId", v.name as "variationName", i.quantity, i.unit_price as "unitPrice"
        from order_items i join products p on p.id = i.product_id join variations v on v.id = i.variation_id
        where i.order_id in (${ids}) order by i.id`,
  );
  const benefits = await txRows<OrderView['benefits'][number] & { orderId: number }>(
    db,
    sql`select c.order_id::int as "orderId", c.benefit_id as "benefitId", b.title, c.quantity,
               c.released_at is not null as released
        from benefit_claims c join benefits b on b.id = c.benefit_id where c.order_id in (${ids}) order by c.id`,
  );
  return orders.map((order) => ({
    ...order,
    items: items.filter((i) => i.orderId === order.id).map(({ orderId: _, ...item }) => item),
    benefits: benefits
      .filter((b) => b.orderId === order.id)
      .map(({ orderId: _, ...benefit }) => benefit),
  }));
}

/** The member's orders, newest first. */
export async function listOrders(
  deps: AppDeps,
  memberId: number,
  options: { state?: OrderState | undefined; limit: number; offset: number },
): Promise<{ orders: OrderView[]; total: number }> {
  const stateFilter = options.state === undefined ? sql`` : sql` and o.status = ${options.state}`;
  const rows = await txRows<OrderRow>(
    deps.db.orm,
    sql`select ${ORDER_COLUMNS} from orders o join order_details d on d.order_id = o.id
        where d.member_id = ${memberId}${stateFilter}
        order by o.id desc limit ${options.limit} offset ${options.offset}`,
  );
  const [count] = await txRows<{ n: number }>(
    deps.db.orm,
    sql`select count(*)::int as n from orders o join order_details d on d.order_id = o.id
        where d.member_id = ${memberId}${stateFilter}`,
  );
  return { orders: await withLines(deps.db.orm, rows), total: count?.n ?? 0 };
}

export async function getOrder(
  deps: AppDeps,
  memberId: number | null,
  orderId: number,
): Promise<OrderView> {
  const memberFilter = memberId === null ? sql`` : sql` and d.member_id = ${memberId}`;
  const rows = await txRows<OrderRow>(
    deps.db.orm,
    sql`select ${ORDER_COLUMNS} from orders o join order_details d on d.order_id = o.id
        where o.id = ${orderId}${memberFilter}`,
  );
  const [order] = await withLines(deps.db.orm, rows);
  if (order === undefined) throw new ServiceError('order_not_found', ORDER_MESSAGES.notFound);
  return order;
}

interface LockedOrder {
  id: number;
  state: OrderState;
  memberId: number;
  placedAt: string;
  isReservation: boolean;
  releaseDate: string | null;
  paymentMethod: PaymentMethodName;
  pointsUsed: number;
  pointsToGrant: number;
  amountDue: number;
  paid: boolean;
  paymentDueDate: string | null;
  bundleId: number | null;
  /**
   * Holds a 価格未定 item, or was priced and its card is not authorised yet
   * (services/price-decision.ts): nothing to capture or ask for, so it cannot ship.
   */
  awaitingPrice: boolean;
}

async function lockOrder(tx: Tx, orderId: number, memberId: number | null): Promise<LockedOrder> {
  const memberFilter = memberId === null ? sql`` : sql` and d.member_id = ${memberId}`;
  const [order] = await txRows<LockedOrder>(
    tx,
    sql`select o.id::int as id, o.status as state, d.member_id as "memberId", ${isoInstantSql('o.placed_at')} as "placedAt",
               d.is_reservation as "isReservation", d.release_date::text as "releaseDate",
               d.payment_method as "paymentMethod", d.points_used as "pointsUsed",
               d.points_to_grant as "pointsToGrant", d.amount_due as "amountDue",
               d.paid_at is not null as paid, d.payment_due_date::text as "paymentDueDate",
               d.bundle_id::int as "bundleId",
               (d.price_pending or d.pending_card_id is not null) as "awaitingPrice"
        from orders o join order_details d on d.order_id = o.id
        where o.id = ${orderId}${memberFilter}
        for update of o`,
  );
  if (order === undefined)
    throw new Rollback(new ServiceError('order_not_found', ORDER_MESSAGES.notFound));
  return order;
}

async function recordState(
  tx: Tx,
  orderId: number,
  from: OrderState,
  to: OrderState,
  actor: 'member' | 'operator' | 'system',
  note: string,
  at: Date,
): Promise<void> {
  await tx.execute(sql`update orders set status = ${to} where id = ${orderId}`);
  await tx.execute(
    sql`insert into order_state_history (order_id, from_state, to_state, actor, note, at)
        values (${orderId}, ${from}, ${to}, ${actor}, ${note}, ${at.toISOString()})`,
  );
}

/** Runs a transaction whose business refusals are thrown as Rollback(ServiceError). */
async function inTransaction<T>(deps: AppDeps, run: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.orm.transaction(run);
  } catch (error) {
    if (error instanceof Rollback) throw error.outcome as ServiceError;
    throw error;
  }
}

/** Who cancels an order: the member themselves, the operator, or the shop at the due date. */
export type Canceller = { memberId: number } | 'operator' | 'payment_overdue';

/** Whether `by` may cancel this order now (read under the order's lock). */
function mayCancel(order: LockedOrder, by: Canceller, now: Date): boolean {
  if (by === 'operator') return ['reserved', 'awaiting_payment', 'preparing'].includes(order.state);
  if (by === 'payment_overdue') {
    // Re-checked under the lock: money recorded meanwhile (or a member's cancel) wins.
    return (
      order.state === 'awaiting_payment' &&
      !order.paid &&
      order.paymentDueDate !== null &&
      isPaymentOverdue(order.paymentDueDate, now)
    );
  }
  // A member cancels only before preparation (@shop/rules isMemberCancellable).
  return isMemberCancellable(order.state);
}

/**
 * Cancels an order before it ships: its stock returns, its benefits return, the points it spent
 * are refunded, the member is told (ご注文キャンセルのお知らせ, in the same transaction), and
 * (after the commit) its card authorisation is voided. A member may cancel a reservation or an
 * unpaid order; the operator any order not yet shipped; the shop (`payment_overdue`, the
 * due-date job) an order still unpaid after its due date. A staff member's cancellation gives
 * its reason (kept in the order's history) and records its audit entry in the same transaction.
 */
export async function cancelOrder(
  deps: AppDeps,
  orderId: number,
  by: Canceller,
  staff?: { actor: StaffActor; reason: string },
): Promise<OrderView> {
  const now = deps.now();
  const memberId = typeof by === 'string' ? null : by.memberId;
  await inTransaction(deps, (tx) => cancelInTransaction(tx, orderId, by, now, undefined, staff));
  await voidOrderPayments(deps, orderId);
  return getOrder(deps, memberId, orderId);
}

/**
 * cancelOrder's transaction, for a caller whose own change must commit with the cancellation
 * and its mail or not at all (price-decision.ts: a card refused after 価格決定). `notice` is the
 * mail telling the member, ご注文キャンセルのお知らせ unless the caller's own mail says why.
 * Refusals are thrown as Rollback(ServiceError); the caller voids any card payment after the
 * commit.
 */
export async function cancelInTransaction(
  tx: Tx,
  orderId: number,
  by: Canceller,
  now: Date,
  notice?: (memberId: number) => Notice,
  staff?: { actor: StaffActor; reason: string },
): Promise<void> {
  const order = await lockOrder(tx, orderId, typeof by === 'string' ? null : by.memberId);
  // One parcel: taking an order out would reprice the others' shipping, which is not built;
  // the shop handles such a request by hand.
  if (order.state === 'bundled') {
    throw new Rollback(new ServiceError('order_in_bundle', ORDER_MESSAGES.inBundle));
  }
  if (!mayCancel(order, by, now)) {
    throw new Rollback(new ServiceError('order_not_cancellable', ORDER_MESSAGES.notCancellable));
  }
  await releaseOrderClaims(tx, order, now);
  await tx.execute(
    sql`update order_details set cancelled_at = ${now.toISOString()} where order_id = ${orderId}`,
  );
  const reason: OrderCancellationReason = typeof by === 'string' ? by : 'member';
  await recordState(
    tx,
    orderId,
    order.state,
    'cancelled',
    reason === 'payment_overdue' ? 'system' : reason,
    reason === 'payment_overdue' ? 'payment overdue' : staff?.reason || 'cancel',
    now,
  );
  const mail = notice?.(order.memberId) ?? orderCancelledNotice(order.memberId, orderId, reason);
  await enqueueNotifications(tx, [mail], now);
  if (staff !== undefined) {
    await recordAudit(
      tx,
      staff.actor,
      {
        action: 'order.cancel',
        targetType: 'order',
        targetId: orderId,
        before: { state: order.state },
        after: { state: 'cancelled', reason: staff.reason },
      },
      now,
    );
  }
}

/** Gives back everything an order holds: stock, benefits, points spent, sales counters. */
async function releaseOrderClaims(tx: Tx, order: LockedOrder, now: Date): Promise<void> {
  // The member's point balance first, as a checkout takes it (spending points) before the
  // stock: a member cancelling one order while checking out the same item cannot deadlock.
  await creditPoints(tx, order.memberId, 'refund', order.pointsUsed, order.id, now);
  const items = await txRows<{
    variationId: number;
    productId: number;
    quantity: number;
    isReservation: boolean;
  }>(
    tx,
    sql`select variation_id as "variationId", product_id as "productId", quantity, is_reservation as "isReservation"
        from order_items where order_id = ${order.id} order by variation_id`,
  );
  for (const item of items) {
    await tx.execute(
      sql`update variations set stock_quantity = stock_quantity + ${item.quantity}, in_stock = true
          where id = ${item.variationId}`,
    );
  }
  const claims = await txRows<{ id: number; benefitId: number; quantity: number }>(
    tx,
    sql`select id::int as id, benefit_id as "benefitId", quantity from benefit_claims
        where order_id = ${order.id} and released_at is null order by benefit_id`,
  );
  for (const claim of claims) {
    await tx.execute(
      sql`update benefits set claimed_count = claimed_count - ${claim.quantity} where id = ${claim.benefitId}`,
    );
    await tx.execute(sql`update benefit_claims set released_at = now() where id = ${claim.id}`);
  }
  const day = jstToday(new Date(order.placedAt));
  // Counters in the order a checkout locks them: every product, then every day's sales row,
  // each in product order.
  const byProduct = [...items].sort((a, b) => a.productId - b.productId);
  for (const item of byProduct) {
    await tx.execute(
      sql`update products set order_count = greatest(order_count - ${item.quantity}, 0) where id = ${item.productId}`,
    );
  }
  for (const item of byProduct) {
    await tx.execute(
      sql`update product_daily_sales set quantity = greatest(quantity - ${item.quantity}, 0),
            reservation_quantity = greatest(reservation_quantity - ${item.isReservation ? item.quantity : 0}, 0)
          where day = ${day} and product_id = ${item.productId}`,
    );
  }
}

/**
 * Voids the card authorisation of a cancelled order. If the gateway cannot be reached the
 * payment stays `authorized` on a cancelled order, which `recoverPayments` retries.
 */
async function voidOrderPayments(deps: AppDeps, orderId: number): Promise<void> {
  const open = await txRows<{ id: number; gatewayOrderId: string }>(
    deps.db.orm,
    sql`select id::int as id, gateway_order_id as "gatewayOrderId" from payments
        where order_id = ${orderId} and status in ('authorized', 'captured')`,
  );
  for (const payment of open) {
    const result = await paymentGateway(deps).void(payment.gatewayOrderId);
    if (result.ok) {
      await deps.db.orm.execute(
        sql`update payments set status = 'voided', updated_at = now() where id = ${payment.id}`,
      );
    } else {
      deps.log(`void of payment ${payment.id} failed (${result.reason}); left for recovery`);
    }
  }
}

/**
 * Voids what interrupted work left at the gateway: authorisations of checkouts whose server
 * died before committing (once their lease ran out), and of orders cancelled while the gateway
 * could not be reached. Run at start and then every CHECKOUT_LEASE_MS (schedulePaymentRecovery).
 */
export async function recoverPayments(deps: AppDeps): Promise<void> {
  await recoverAbandonedCheckouts(deps);
  const stuck = await txRows<{ orderId: number }>(
    deps.db.orm,
    sql`select distinct p.order_id::int as "orderId" from payments p join orders o on o.id = p.order_id
        where o.status = 'cancelled' and p.status in ('authorized', 'captured')`,
  );
  for (const { orderId } of stuck) await voidOrderPayments(deps, orderId);
}

/** The release day has come (or there is none) for an order's items. */
function isReleaseDue(order: LockedOrder, now: Date): boolean {
  return order.releaseDate === null || order.releaseDate <= jstToday(now);
}

/** The carrier and tracking number of a parcel (normalised: @shop/rules normalizeTrackingNumber). */
export interface Tracking {
  carrier: CarrierName;
  trackingNumber: string;
}

/** A card payment authorised at the gateway, with what capturing it takes. */
type AuthorizedPayment = TransactionRef & { id: number; amount: number };

/** The columns of an `AuthorizedPayment` (payments as `p`). */
const AUTHORIZED_PAYMENT_COLUMNS = sql`p.id::int as id, p.gateway_order_id as "gatewayOrderId",
  p.access_id as "accessId", p.access_pass as "accessPass", p.amount`;

/**
 * Whether the gateway holds `payment` in one of `states` at `amount` now: a capture or an amount
 * change that failed because a concurrent ship of the same order or bundle made it first (both
 * read the payment `authorized`) is done, not a gateway failure. The request then goes on to its
 * transaction, where the order's state says which of them shipped it (the other: 409).
 */
async function alreadyAt(
  gateway: PaymentGateway,
  payment: AuthorizedPayment,
  amount: number,
  states: readonly string[],
): Promise<boolean> {
  const found = await gateway.lookup(payment.gatewayOrderId);
  const transaction = found.ok ? found.transaction : null;
  return (
    transaction !== null && states.includes(transaction.status) && transaction.amount === amount
  );
}

/** Captures `amount` of `payment` (see alreadyAt); refuses with 502 `capture_failed`. */
async function capture(gateway: PaymentGateway, payment: AuthorizedPayment, amount: number) {
  const captured = await gateway.capture(payment, amount);
  if (captured.ok || (await alreadyAt(gateway, payment, amount, ['captured']))) return;
  throw new ServiceError('capture_failed', ORDER_MESSAGES.captureFailed);
}

/**
 * Ships an order (operator): it must be preparing, or a reservation whose release day has come
 * and whose money is in. Its card payment is captured first (idempotent at the gateway), then
 * one transaction marks the order shipped with its carrier and tracking number, grants its
 * points and queues 発送のお知らせ. An order in a bundle ships with its bundle. A staff `actor`
 * gets its audit entry in the shipping transaction.
 */
export async function shipOrder(
  deps: AppDeps,
  orderId: number,
  tracking: Tracking,
  actor?: StaffActor,
): Promise<OrderView> {
  const now = deps.now();
  const order = await inTransaction(deps, async (tx) => {
    const locked = await lockOrder(tx, orderId, null);
    return locked.state === 'bundled' ? locked : checkShippable(locked, now);
  });
  if (order.state === 'bundled' && order.bundleId !== null) {
    await shipBundle(deps, order.bundleId, tracking, actor);
    return getOrder(deps, null, orderId);
  }
  const payments = await txRows<AuthorizedPayment>(
    deps.db.orm,
    sql`select ${AUTHORIZED_PAYMENT_COLUMNS}
        from payments p where p.order_id = ${order.id} and p.status = 'authorized'`,
  );
  for (const payment of payments) await capture(paymentGateway(deps), payment, payment.amount);
  await inTransaction(deps, async (tx) => {
    const locked = checkShippable(await lockOrder(tx, orderId, null), now);
    await tx.execute(
      sql`update payments set status = 'captured', updated_at = now() where order_id = ${orderId} and status = 'authorized'`,
    );
    await tx.execute(
      sql`update order_details set shipped_at = ${now.toISOString()}, carrier = ${tracking.carrier},
            tracking_number = ${tracking.trackingNumber}
          where order_id = ${orderId}`,
    );
    await creditPoints(tx, locked.memberId, 'grant', locked.pointsToGrant, orderId, now);
    await recordState(tx, orderId, locked.state, 'shipped', 'operator', 'ship', now);
    await enqueueNotifications(
      tx,
      [shippedNotice(locked.memberId, { orderIds: [orderId], bundleId: null }, tracking)],
      now,
    );
    await auditIfStaff(
      tx,
      actor,
      {
        action: 'order.ship',
        targetType: 'order',
        targetId: orderId,
        before: { state: locked.state },
        after: { state: 'shipped', ...tracking },
      },
      now,
    );
  });
  return getOrder(deps, null, orderId);
}

/**
 * Ships a bundle as one parcel (operator, or shipping any of its orders): every order must be
 * released and paid. Each card authorisation is first lowered to its order's amount after the
 * bundle's shipping refund (GMO ChangeTran), then captured at that amount; then one transaction
 * marks every order shipped with the parcel's carrier and tracking number, grants each order's
 * points, closes the bundle and queues one 発送のお知らせ for the parcel (and a staff `actor`'s
 * audit entry).
 */
export async function shipBundle(
  deps: AppDeps,
  bundleId: number,
  tracking: Tracking,
  actor?: StaffActor,
): Promise<void> {
  const now = deps.now();
  await inTransaction(deps, (tx) => lockBundle(tx, bundleId, now));
  const payments = await txRows<AuthorizedPayment & { due: number }>(
    deps.db.orm,
    sql`select ${AUTHORIZED_PAYMENT_COLUMNS}, d.amount_due as due
        from payments p join order_details d on d.order_id = p.order_id
        where d.bundle_id = ${bundleId} and p.status = 'authorized' order by p.id`,
  );
  const gateway = paymentGateway(deps);
  for (const payment of payments) {
    if (payment.due < payment.amount) {
      const changed = await gateway.changeAmount(payment, payment.due);
      if (
        !changed.ok &&
        !(await alreadyAt(gateway, payment, payment.due, ['authorized', 'captured']))
      ) {
        throw new ServiceError('capture_failed', ORDER_MESSAGES.captureFailed);
      }
    }
    await capture(gateway, payment, payment.due);
  }
  await inTransaction(deps, async (tx) => {
    const orders = await lockBundle(tx, bundleId, now);
    await tx.execute(
      sql`update payments p set status = 'captured', amount = d.amount_due, updated_at = now()
          from order_details d where d.order_id = p.order_id and d.bundle_id = ${bundleId} and p.status = 'authorized'`,
    );
    for (const order of orders) {
      await tx.execute(
        sql`update order_details set shipped_at = ${now.toISOString()}, carrier = ${tracking.carrier},
              tracking_number = ${tracking.trackingNumber}
            where order_id = ${order.id}`,
      );
      await creditPoints(tx, order.memberId, 'grant', order.pointsToGrant, order.id, now);
      await recordState(
        tx,
        order.id,
        order.state,
        'shipped',
        'operator',
        `ship bundle ${bundleId}`,
        now,
      );
    }
    await tx.execute(
      sql`update bundles set state = 'shipped', shipped_at = ${now.toISOString()} where id = ${bundleId}`,
    );
    const [first] = orders;
    if (first !== undefined) {
      const parcel = { orderIds: orders.map((o) => o.id), bundleId };
      await enqueueNotifications(tx, [shippedNotice(first.memberId, parcel, tracking)], now);
    }
    await auditIfStaff(
      tx,
      actor,
      {
        action: 'bundle.ship',
        targetType: 'bundle',
        targetId: bundleId,
        before: { state: 'open', orderIds: orders.map((o) => o.id) },
        after: { state: 'shipped', ...tracking },
      },
      now,
    );
  });
}

/** Locks an open bundle and its orders (in id order) and checks they may ship now. */
async function lockBundle(tx: Tx, bundleId: number, now: Date): Promise<LockedOrder[]> {
  const [bundle] = await txRows<{ state: string }>(
    tx,
    sql`select state from bundles where id = ${bundleId} for update`,
  );
  if (bundle === undefined)
    throw new Rollback(new ServiceError('bundle_not_found', ORDER_MESSAGES.bundleNotFound));
  if (bundle.state !== 'open') {
    throw new Rollback(new ServiceError('bundle_not_shippable', ORDER_MESSAGES.bundleNotShippable));
  }
  const ids = await txRows<{ id: number }>(
    tx,
    sql`select order_id::int as id from order_details where bundle_id = ${bundleId} order by order_id`,
  );
  const orders: LockedOrder[] = [];
  for (const { id } of ids) {
    const order = await lockOrder(tx, id, null);
    if (order.state !== 'bundled') {
      throw new Rollback(
        new ServiceError('bundle_not_shippable', ORDER_MESSAGES.bundleNotShippable),
      );
    }
    if (!isReleaseDue(order, now))
      throw new Rollback(new ServiceError('not_released', ORDER_MESSAGES.bundleNotReleased));
    if (isPaidBeforeShipping(order.paymentMethod, order.amountDue) && !order.paid)
      throw new Rollback(new ServiceError('unpaid', ORDER_MESSAGES.unpaid));
    orders.push(order);
  }
  return orders;
}

function checkShippable(order: LockedOrder, now: Date): LockedOrder {
  if (order.state !== 'preparing' && order.state !== 'reserved') {
    throw new Rollback(new ServiceError('order_not_shippable', ORDER_MESSAGES.notShippable));
  }
  if (!isReleaseDue(order, now))
    throw new Rollback(new ServiceError('not_released', ORDER_MESSAGES.notReleased));
  if (order.awaitingPrice)
    throw new Rollback(new ServiceError('price_pending', ORDER_MESSAGES.pricePending));
  if (isPaidBeforeShipping(order.paymentMethod, order.amountDue) && !order.paid)
    throw new Rollback(new ServiceError('unpaid', ORDER_MESSAGES.unpaid));
  return order;
}

/**
 * Records a bank transfer or Yucho payment (operator): an order awaiting payment moves on to
 * preparing; a reservation paid in advance stays reserved, now paid. ご入金確認のお知らせ is
 * queued in the same transaction. Racing the due-date cancellation, the order's lock decides:
 * whichever comes second finds the order no longer waiting. A staff `actor` gets its audit entry
 * in the same transaction.
 */
export async function receivePayment(
  deps: AppDeps,
  orderId: number,
  actor?: StaffActor,
): Promise<OrderView> {
  const now = deps.now();
  await inTransaction(deps, async (tx) => {
    const order = await lockOrder(tx, orderId, null);
    const waiting =
      order.state === 'awaiting_payment' ||
      (order.state === 'reserved' && isPaidBeforeShipping(order.paymentMethod, order.amountDue));
    if (!waiting || order.paid) {
      throw new Rollback(
        new ServiceError('not_awaiting_payment', ORDER_MESSAGES.notAwaitingPayment),
      );
    }
    await tx.execute(
      sql`update order_details set paid_at = ${now.toISOString()} where order_id = ${orderId}`,
    );
    if (order.state === 'awaiting_payment') {
      await recordState(tx, orderId, order.state, 'preparing', 'operator', 'payment received', now);
    }
    await enqueueNotifications(tx, [paymentReceivedNotice(order.memberId, orderId)], now);
    await auditIfStaff(
      tx,
      actor,
      {
        action: 'order.payment_received',
        targetType: 'order',
        targetId: orderId,
        before: { state: order.state, paid: false },
        after: {
          state: order.state === 'awaiting_payment' ? 'preparing' : order.state,
          paid: true,
        },
      },
      now,
    );
  });
  return getOrder(deps, null, orderId);
}

export interface ReleaseDateChange {
  productId: number;
  previousDate: string | null;
  previousPrecision: ReleaseDatePrecision;
  newDate: string;
  newPrecision: ReleaseDatePrecision;
  /** Open reservation orders of the product whose release day and precision were recomputed. */
  ordersUpdated: number;
}

/**
 * Moves a product's release date (発売延期, an earlier date, or a vague date made exact): the
 * product gets the new date and precision (a part of a month or a month is stored as its first
 * day, see releaseSpanStart), its variations the new date, the change is recorded in
 * release_postponements (the delay list) with both precisions, and every open reservation order
 * holding the product waits for its items' release again (latestRelease: day and precision).
 * Orders shipped or cancelled keep the release they had. Every member holding such an order is
 * sent a 発売延期のお知らせ with a free cancellation link per order (queued in this transaction). The same date and precision again is
 * refused (409 `release_date_unchanged`) and records nothing. A staff `actor` gets its audit
 * entry in the same transaction.
 */
export async function changeReleaseDate(
  deps: AppDeps,
  productId: number,
  change: { date: string; precision: ReleaseDatePrecision; reason: string },
  actor?: StaffActor,
): Promise<ReleaseDateChange> {
  const now = deps.now();
  const newDate = releaseSpanStart(change.date, change.precision);
  const newPrecision = change.precision;
  return inTransaction(deps, async (tx) => {
    const [product] = await txRows<{
      title: string;
      sellStartDate: string | null;
      precision: ReleaseDatePrecision;
    }>(
      tx,
      sql`select title, sell_start_date::text as "sellStartDate", release_date_precision as precision
          from products where id = ${productId} for update`,
    );
    if (product === undefined)
      throw new Rollback(new ServiceError('product_not_found', ORDER_MESSAGES.productNotFound));
    if (product.sellStartDate === newDate && product.precision === newPrecision) {
      throw new Rollback(
        new ServiceError('release_date_unchanged', ORDER_MESSAGES.releaseDateUnchanged),
      );
    }
    await tx.execute(
      sql`update products set sell_start_date = ${newDate}, release_date_precision = ${newPrecision},
            updated_at = now()
          where id = ${productId}`,
    );
    await tx.execute(
      sql`update variations set sell_start_date = ${newDate} where product_id = ${productId}`,
    );
    if (product.sellStartDate !== null) {
      await tx.execute(
        sql`insert into release_postponements (product_id, previous_date, previous_precision, new_date, new_precision, reason, announced_at)
            values (${productId}, ${product.sellStartDate}, ${product.precision}, ${newDate}, ${newPrecision},
              ${change.reason}, ${now.toISOString()})`,
      );
    }
    const ordersUpdated = await moveOpenReservations(tx, productId);
    await queuePostponementNotices(
      tx,
      {
        productId,
        title: product.title,
        previous:
          product.sellStartDate === null
            ? null
            : { date: product.sellStartDate, precision: product.precision },
        next: { date: newDate, precision: newPrecision },
      },
      now,
    );
    await auditIfStaff(
      tx,
      actor,
      {
        action: 'product.release_date_change',
        targetType: 'product',
        targetId: productId,
        before: { releaseDate: product.sellStartDate, precision: product.precision },
        after: { releaseDate: newDate, precision: newPrecision, reason: change.reason },
      },
      now,
    );
    return {
      productId,
      previousDate: product.sellStartDate,
      previousPrecision: product.precision,
      newDate,
      newPrecision,
      ordersUpdated,
    };
  });
}

/**
 * The open reservation orders (`d` order_details, `o` orders) holding a product: the orders a
 * release change moves and whose members are told of it.
 */
function holdsOpenReservationOf(productId: number) {
  return sql`d.is_reservation and o.status in ('reserved', 'awaiting_payment', 'preparing', 'bundled')
    and exists (select 1 from order_items x where x.order_id = d.order_id and x.product_id = ${productId})`;
}

/**
 * Queues one 発売延期のお知らせ per member holding open reservations of the product, in one
 * INSERT ... SELECT however many they are (a popular title has thousands). The dedupe key names
 * the change (product, new date and precision, instant), so a member is told once per change.
 */
async function queuePostponementNotices(
  tx: Tx,
  change: Omit<NotificationPayloads['release_postponed'], 'orderIds'>,
  now: Date,
): Promise<number> {
  const cause = `release_postponed:product:${change.productId}:${change.next.date}:${change.next.precision}:at:${now.getTime()}`;
  return enqueueNotificationsFromSelect(
    tx,
    'release_postponed',
    sql`select d.member_id,
               jsonb_build_object('orderIds', jsonb_agg(d.order_id order by d.order_id))
                 || ${JSON.stringify(change)}::jsonb,
               ${cause} || ':member:' || d.member_id
        from order_details d join orders o on o.id = d.order_id
        where ${holdsOpenReservationOf(change.productId)}
        group by d.member_id`,
    now,
  );
}

/**
 * Gives every open reservation order holding the product the release its items wait for now
 * (latestRelease of their days and precisions); returns how many there are. Their rows are
 * locked first, so what is read is what is written over.
 */
async function moveOpenReservations(tx: Tx, productId: number): Promise<number> {
  const items = await txRows<Release & { orderId: number }>(
    tx,
    sql`select d.order_id::int as "orderId",
               coalesce(v.sell_start_date, p.sell_start_date)::text as "releaseDate",
               p.release_date_precision as "releaseDatePrecision"
        from order_details d join orders o on o.id = d.order_id
          join order_items i on i.order_id = d.order_id
          join variations v on v.id = i.variation_id join products p on p.id = i.product_id
        where ${holdsOpenReservationOf(productId)}
        order by d.order_id
        for update of d`,
  );
  const byOrder = new Map<number, Release[]>();
  for (const { orderId, ...release } of items) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), release]);
  }
  if (byOrder.size === 0) return 0;
  const rows = [...byOrder].map(([orderId, group]) => {
    const release = latestRelease(group);
    return sql`(${orderId}::bigint, ${release.releaseDate}::date, ${release.releaseDatePrecision}::text)`;
  });
  // A statement takes at most 65,535 parameters: a popular product's reservations go in slices.
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.execute(
      sql`update order_details d set release_date = r.release_date, release_date_precision = r.precision
          from (values ${sql.join(rows.slice(i, i + 1000), sql`, `)}) as r(order_id, release_date, precision)
          where d.order_id = r.order_id`,
    );
  }
  return byOrder.size;
}

/** The orders side of withdrawal (see services/withdrawal.ts). */
export const ordersForWithdrawal: MemberOrders = {
  async withdrawalBlockers(tx, memberId) {
    const rows = await txRows<{ state: OrderState; n: number }>(
      tx,
      sql`select o.status as state, count(*)::int as n from orders o join order_details d on d.order_id = o.id
          where d.member_id = ${memberId} and o.status in ('reserved', 'awaiting_payment', 'preparing', 'bundled')
          group by o.status order by o.status`,
    );
    const blockers: WithdrawalBlocker[] = [];
    for (const row of rows) {
      if (row.state === 'reserved') {
        blockers.push({
          code: 'open_reservations',
          message: `${ORDER_STATE_LABELS.reserved}の注文が${row.n}件あります。`,
          count: row.n,
        });
      } else if (row.state === 'awaiting_payment') {
        blockers.push({
          code: 'awaiting_payment',
          message: `${ORDER_STATE_LABELS.awaiting_payment}の注文が${row.n}件あります。`,
          count: row.n,
        });
      } else {
        blockers.push({
          code: 'unshipped_orders',
          message: `未発送の注文が${row.n}件あります。`,
          count: row.n,
        });
      }
    }
    return blockers;
  },
  async eraseMember(tx, memberId) {
    // Names, street and phone go; the prefecture stays for bookkeeping (sales by region).
    await tx.execute(
      sql`update order_details set address = jsonb_build_object(
            'postalCode', '', 'prefecture', address->>'prefecture', 'city', '', 'street', '', 'building', '',
            'lastName', '', 'firstName', '', 'lastNameKana', '', 'firstNameKana', '', 'phone', '')
          where member_id = ${memberId}`,
    );
    await tx.execute(sql`delete from carts where member_id = ${memberId}`);
  },
};

/** Runs recoverPayments every lease period in the background; returns the (awaitable) stop. */
export function schedulePaymentRecovery(deps: AppDeps): () => Promise<void> {
  return repeatInBackground(
    () => recoverPayments(deps),
    deps.config.commerce.checkoutLeaseMs,
    (error) => deps.log('payment recovery failed', error),
  );
}
