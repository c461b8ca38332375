import {
  type PaymentMethodName,
  priceDecisionCancelDeadline,
  type ShippingMethodName,
} from '@shop/rules';

import { sql } from 'drizzle-orm';
import { Rollback, type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import type { ScheduledJob } from '../notifications/jobs';
import { enqueueNotificationsFromSelect } from '../notifications/outbox';
import { paymentGateway } from '../payments/create-gateway';
import type { PaymentFailure, PaymentFailureReason } from '../payments/gateway';
import type { StaffActor } from '../staff/access';
import { auditIfStaff } from '../staff/audit';
import type { CartLine } from './cart';
import { paymentAccountFor } from './checkout/instructions';
import { priceShipments } from './checkout/price-shipments';
import { cancelInTransaction } from './orders';
import { ServiceError } from './service-error';

// 価格未定 (docs/catalog-mail.md, "価格決定"): a reservation of an item whose price the shop has
// not decided is written with its amounts pending (order_details.price_pending, the item's
// unit_price null). Deciding the price sets the variation's price, prices every open order
// holding it with the checkout's own priceShipments, queues 価格決定のお知らせ in the same
// transaction, and then authorises the card orders with the saved card they were placed with.

export const PRICE_DECISION_MESSAGES = {
  variationNotFound: 'お探しの商品は見つかりませんでした。',
  alreadyDecided: 'この商品の価格はすでに決まっています。',
  notUndecided: 'この商品は価格未定の予約商品ではありません。',
} as const;

export interface PriceDecision {
  variationId: number;
  unitPrice: number;
  /** The open orders priced by this decision (all their items now have a price). */
  ordersPriced: number;
  /** 価格決定のお知らせ queued (one per member holding such orders). */
  notices: number;
  /** Card orders authorised after the commit, and those cancelled because the card failed. */
  cardsAuthorised: number;
  cardsFailed: number;
}

interface PricedOrder {
  orderId: number;
  memberId: number;
  checkoutId: number | null;
  paymentMethod: PaymentMethodName;
  amountDue: number;
  pendingCardId: number | null;
}

/**
 * The open orders holding a 価格未定 item of this variation (`d` order_details, `o` orders), the
 * orders a decision prices.
 */
export function pendingOrdersOf(variationId: number) {
  return sql`d.price_pending and o.status in ('reserved', 'awaiting_payment', 'preparing')
    and exists (select 1 from order_items x
                where x.order_id = d.order_id and x.variation_id = ${variationId} and x.unit_price is null)`;
}

/** Locks the open orders pending on this variation, in id order (as a cancellation locks one). */
async function lockPendingOrders(tx: Tx, variationId: number): Promise<void> {
  await tx.execute(
    sql`select o.id from orders o join order_details d on d.order_id = o.id
        where ${pendingOrdersOf(variationId)} order by o.id for update of o`,
  );
}

/**
 * Quotes one order again with the checkout's priceShipments: its lines as ordered, its shipping
 * and payment methods, no points (a pending order spends none, price-shipments.ts).
 */
async function requote(tx: Tx, orderId: number) {
  const [order] = await txRows<{
    shippingMethod: ShippingMethodName;
    paymentMethod: PaymentMethodName;
    releaseDate: string | null;
    releaseDatePrecision: NonNullable<CartLine['releaseDatePrecision']> | null;
  }>(
    tx,
    sql`select shipping_method as "shippingMethod", payment_method as "paymentMethod",
               release_date::text as "releaseDate", release_date_precision as "releaseDatePrecision"
        from order_details where order_id = ${orderId}`,
  );
  if (order === undefined) throw new Error(`order ${orderId} vanished while locked`);
  const lines = await txRows<CartLine>(
    tx,
    sql`select i.variation_id as "variationId", i.product_id as "productId", p.slug as "productSlug",
               p.title, v.name as "variationName", i.unit_price as "unitPrice",
               i.point_value as "pointValue", i.quantity, i.quantity as stock,
               v.can_reserve as "canReserve",
               coalesce(v.sell_start_date, p.sell_start_date)::text as "sellStartDate",
               p.release_date_precision as "releaseDatePrecision", p.is_adult as "isAdult",
               p.cover_image as "coverImage", p.categories
        from order_items i join products p on p.id = i.product_id join variations v on v.id = i.variation_id
        where i.order_id = ${orderId} order by i.id`,
  );
  const priced = priceShipments(
    [
      {
        isReservation: true,
        pricePending: false,
        releaseDate: order.releaseDate,
        releaseDatePrecision: order.releaseDatePrecision,
        lines,
      },
    ],
    order.shippingMethod,
    order.paymentMethod,
    0,
    0,
    false,
    // An order already placed is priced whatever it comes to: the shop decided the price.
    null,
  );
  // Checkout checked the methods with no price (price-shipments.ts); with one they can only fail
  // overseas, which these domestic orders are not: a failure here is a broken invariant.
  if (!priced.ok) throw new Error(`order ${orderId} cannot be priced: ${priced.reason}`);
  const [quote] = priced.quotes;
  if (quote === undefined) throw new Error(`order ${orderId} priced no shipment`);
  return { quote, paymentMethod: order.paymentMethod };
}

/**
 * Decides the price of a 価格未定 variation (an operator's action): one transaction sets it,
 * prices every open order now fully priced and queues one 価格決定のお知らせ per member with the
 * new totals and the free-cancellation deadline (@shop/rules priceDecisionCancelDeadline). The
 * variation's row is updated first: a checkout of the same item holds that row from its stock
 * claim to its commit and checks the price under it (write-orders.ts), so every order is either
 * priced at checkout or found here. Deciding twice is refused (409 `price_already_decided`).
 * After the commit, the card orders are authorised (authorizeDecidedOrders). A staff `actor`
 * gets its audit entry (`variation.price_decide`) in the decision's transaction.
 */
export async function decidePrice(
  deps: AppDeps,
  variationId: number,
  unitPrice: number,
  pointValue: number | undefined,
  actor?: StaffActor,
): Promise<PriceDecision> {
  const now = deps.now();
  const nowIso = now.toISOString();
  let decision: Omit<PriceDecision, 'cardsAuthorised' | 'cardsFailed'>;
  try {
    decision = await deps.db.orm.transaction(async (tx) => {
      // The orders there are now, locked before the variation as a cancellation locks them
      // (order, then stock): a member cancelling one meanwhile cannot deadlock with this.
      await lockPendingOrders(tx, variationId);
      const [variation] = await txRows<{ id: number; undecided: boolean; canReserve: boolean }>(
        tx,
        sql`select id, coalesce(unit_price, 0) = 0 as undecided, can_reserve as "canReserve"
            from variations where id = ${variationId} for no key update`,
      );
      if (variation === undefined) {
        throw new Rollback(
          new ServiceError('variation_not_found', PRICE_DECISION_MESSAGES.variationNotFound),
        );
      }
      if (!variation.undecided) {
        throw new Rollback(
          new ServiceError('price_already_decided', PRICE_DECISION_MESSAGES.alreadyDecided),
        );
      }
      if (!variation.canReserve) {
        throw new Rollback(new ServiceError('not_undecided', PRICE_DECISION_MESSAGES.notUndecided));
      }
      await tx.execute(
        sql`update variations set unit_price = ${unitPrice},
                   point_value = ${pointValue ?? sql`point_value`}
            where id = ${variationId}`,
      );
      // Checkouts that committed while this waited for the variation's row: lock theirs too.
      await lockPendingOrders(tx, variationId);
      await tx.execute(
        sql`update order_items i set unit_price = ${unitPrice}, point_value = v.point_value
            from variations v, order_details d, orders o
            where v.id = i.variation_id and d.order_id = i.order_id and o.id = i.order_id
              and i.variation_id = ${variationId} and i.unit_price is null
              and ${pendingOrdersOf(variationId)}`,
      );
      // The orders with no 価格未定 item left (another item of the same order may still wait).
      const ready = await txRows<{ orderId: number }>(
        tx,
        sql`select d.order_id::int as "orderId" from order_details d
            where d.price_pending and d.order_id in (
              select i.order_id from order_items i where i.variation_id = ${variationId})
              and not exists (select 1 from order_items x where x.order_id = d.order_id and x.unit_price is null)
            order by d.order_id`,
      );
      for (const { orderId } of ready) {
        const { quote: q, paymentMethod } = await requote(tx, orderId);
        // A transfer order gets its account now that it has an amount: on its release day it
        // becomes 入金待ち with a due date like any reservation (payment-deadlines.ts).
        const account = paymentAccountFor(
          deps.config.commerce.payee,
          paymentMethod,
          orderId,
          q.total,
        );
        await tx.execute(
          sql`update orders set subtotal = ${q.subtotal},
                     total = ${q.subtotal + q.shippingFee + q.paymentFee}
              where id = ${orderId}`,
        );
        await tx.execute(
          sql`update order_details set shipping_fee = ${q.shippingFee}, payment_fee = ${q.paymentFee},
                     amount_due = ${q.total}, points_to_grant = ${q.pointsEarned},
                     price_pending = false, price_decided_at = ${nowIso},
                     payment_account = ${account === null ? null : JSON.stringify(account)}::jsonb
              where order_id = ${orderId}`,
        );
      }
      const notices =
        ready.length === 0
          ? 0
          : await enqueueNotificationsFromSelect(
              tx,
              'price_decided',
              sql`select d.member_id,
                         jsonb_build_object('orderIds', jsonb_agg(d.order_id order by d.order_id),
                           'variationId', ${variationId}::int,
                           'cancelDeadline', ${priceDecisionCancelDeadline(now)}::text,
                           'outcome', 'priced'),
                         'price_decided:variation:' || ${variationId}::int || ':member:' || d.member_id
                  from order_details d
                  where d.order_id in (${sql.join(
                    ready.map((r) => sql`${r.orderId}`),
                    sql`, `,
                  )})
                  group by d.member_id`,
              now,
            );
      await auditIfStaff(
        tx,
        actor,
        {
          action: 'variation.price_decide',
          targetType: 'variation',
          targetId: variationId,
          before: { unitPrice: null },
          after: { unitPrice, pointValue: pointValue ?? null, ordersPriced: ready.length },
        },
        now,
      );
      return { variationId, unitPrice, ordersPriced: ready.length, notices };
    });
  } catch (error) {
    if (error instanceof Rollback) throw error.outcome as ServiceError;
    throw error;
  }
  const cards = await authorizeDecidedOrders(deps);
  return { ...decision, cardsAuthorised: cards.authorised, cardsFailed: cards.failed };
}

/**
 * Authorises every priced card order still waiting for its authorisation (`pending_card_id`
 * set, price no longer pending) with the saved card it was placed with. One payment row per
 * order (gateway order id `P<order>`, unique), written before the gateway is called, so two
 * instances never authorise one order twice. A card the gateway refuses (or one the member has
 * deleted since) cancels the order as the shop's decision, returning its stock and benefits,
 * and the member is told by a second 価格決定のお知らせ saying so (docs/catalog-mail.md).
 */
export async function authorizeDecidedOrders(
  deps: AppDeps,
): Promise<{ authorised: number; failed: number }> {
  const waiting = await txRows<
    PricedOrder & { gatewayMemberId: string | null; cardSeq: string | null }
  >(
    deps.db.orm,
    sql`select d.order_id::int as "orderId", d.member_id as "memberId", d.checkout_id::int as "checkoutId",
               d.payment_method as "paymentMethod", d.amount_due as "amountDue",
               d.pending_card_id as "pendingCardId", m.gateway_member_id as "gatewayMemberId",
               c.card_seq as "cardSeq"
        from order_details d join orders o on o.id = d.order_id join members m on m.id = d.member_id
        left join saved_cards c on c.id = d.pending_card_id and c.member_id = d.member_id
        where d.pending_card_id is not null and not d.price_pending and o.status = 'reserved'
        order by d.order_id`,
  );
  let authorised = 0;
  let failed = 0;
  for (const order of waiting) {
    const ok = await authorizeOne(deps, order);
    if (ok === null) continue;
    if (ok) authorised++;
    else failed++;
  }
  return { authorised, failed };
}

/** Whether the gateway's answer means this card cannot pay (so the order is cancelled). */
function refusesTheCard(reason: PaymentFailureReason): boolean {
  switch (reason) {
    case 'declined':
    case 'invalid_card':
    case 'not_found':
      return true;
    case 'timeout':
    case 'unavailable':
    case 'duplicate':
    case 'rejected':
      return false;
    default:
      return reason satisfies never;
  }
}

/**
 * The job that retries what a decision could not authorise at once (the gateway was down, or
 * the process stopped between the decision's commit and the gateway): every 10 minutes, once
 * across instances.
 */
export const priceDecidedAuthorizations: ScheduledJob = {
  name: 'price_decided_authorizations',
  intervalMs: 10 * 60 * 1000,
  async run(deps) {
    await authorizeDecidedOrders(deps);
  },
};

/**
 * How long an authorisation may stay `pending` before a later run takes its row over: the run
 * that wrote it stopped between the gateway's answer and recording it. Far longer than a gateway
 * call (its timeout), shorter than the job's interval, so the next tick finishes the order.
 */
export const AUTHORIZATION_LEASE_MINUTES = 5;

/**
 * The payment row of this order's authorisation, or null when another run has it: a new row, or
 * one left `pending` past its lease (taken over by moving its lease on, so one run wins). Calling
 * the gateway again for it is safe: an authorisation is idempotent per gateway order id (an
 * authorised transaction is answered again, a refused card refused again).
 */
async function claimPayment(
  deps: AppDeps,
  order: PricedOrder & { checkoutId: number },
  gatewayOrderId: string,
  gatewayKind: string,
): Promise<{ id: number } | null> {
  const [inserted] = await txRows<{ id: number }>(
    deps.db.orm,
    sql`insert into payments (checkout_id, order_id, gateway, gateway_order_id, amount, status)
        values (${order.checkoutId}, ${order.orderId}, ${gatewayKind}, ${gatewayOrderId}, ${order.amountDue}, 'pending')
        on conflict (gateway_order_id) do nothing returning id::int as id`,
  );
  if (inserted !== undefined) return inserted;
  const [stale] = await txRows<{ id: number }>(
    deps.db.orm,
    sql`update payments set updated_at = now()
        where gateway_order_id = ${gatewayOrderId} and status = 'pending'
          and updated_at < now() - make_interval(mins => ${AUTHORIZATION_LEASE_MINUTES})
        returning id::int as id`,
  );
  return stale ?? null;
}

/**
 * true authorised, false refused (the order is cancelled), null not now: another run has it, or
 * the gateway could not answer. Each outcome is recorded in one transaction with everything it
 * causes (the payment's state, the order's cancellation and its mail, the saved card's release),
 * so a process stopping after the gateway's answer leaves the row `pending` for the next run
 * (claimPayment), never a half-recorded order.
 */
async function authorizeOne(
  deps: AppDeps,
  order: PricedOrder & { gatewayMemberId: string | null; cardSeq: string | null },
): Promise<boolean | null> {
  if (order.amountDue <= 0 || order.checkoutId === null) {
    await deps.db.orm.execute(
      sql`update order_details set pending_card_id = null where order_id = ${order.orderId}`,
    );
    return true;
  }
  const gateway = paymentGateway(deps);
  const gatewayOrderId = `P${order.orderId}`;
  const payment = await claimPayment(
    deps,
    { ...order, checkoutId: order.checkoutId },
    gatewayOrderId,
    gateway.kind,
  );
  if (payment === null) return null;
  const result =
    order.gatewayMemberId === null || order.cardSeq === null
      ? ({ ok: false, reason: 'not_found', codes: [] } satisfies PaymentFailure)
      : await gateway.authorize({
          gatewayOrderId,
          amount: order.amountDue,
          card: { kind: 'saved', gatewayMemberId: order.gatewayMemberId, cardSeq: order.cardSeq },
        });
  if (!result.ok && !refusesTheCard(result.reason)) {
    // Not the card's fault. Unavailable: nothing happened at the gateway, so the row goes and
    // the order waits for the next tick of price_decided_authorizations. Anything else
    // (timeout: unknown at the gateway) keeps the pending row; the next run past its lease asks
    // the gateway again.
    if (result.reason === 'unavailable') {
      await deps.db.orm.execute(sql`delete from payments where id = ${payment.id}`);
    }
    return null;
  }
  const now = deps.now();
  await deps.db.orm.transaction(async (tx) => {
    if (result.ok) {
      const t = result.transaction;
      await tx.execute(
        sql`update payments set status = 'authorized', access_id = ${t.accessId}, access_pass = ${t.accessPass},
                   transaction_id = ${t.transactionId}, updated_at = now()
            where id = ${payment.id}`,
      );
    } else {
      await tx.execute(
        sql`update payments set status = 'failed', failure_codes = ${result.codes.join(',')}, updated_at = now()
            where id = ${payment.id}`,
      );
      await cancelForRefusedCard(tx, order, now);
    }
    await tx.execute(
      sql`update order_details set pending_card_id = null where order_id = ${order.orderId}`,
    );
  });
  return result.ok;
}

/**
 * Cancels an order whose card was refused when its price was decided, as the shop's decision
 * (stock and benefits back, as an operator's cancellation), told by the second
 * 価格決定のお知らせ (`card_failed`), which says why, instead of ご注文キャンセルのお知らせ. An
 * order the member cancelled meanwhile (found under its lock) was told already and is left.
 */
async function cancelForRefusedCard(tx: Tx, order: PricedOrder, now: Date): Promise<void> {
  const [locked] = await txRows<{ state: string }>(
    tx,
    sql`select status as state from orders where id = ${order.orderId} for update`,
  );
  if (locked?.state !== 'reserved') return;
  await cancelInTransaction(tx, order.orderId, 'operator', now, (memberId) => ({
    kind: 'price_decided',
    to: { memberId },
    payload: { orderIds: [order.orderId], cancelDeadline: null, outcome: 'card_failed' },
    dedupeKey: `price_decided:order:${order.orderId}:card_failed`,
  }));
}
