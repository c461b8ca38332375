import { initialOrderState, paymentDueDate } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { jstToday } from '../../accounts/member-schemas';
import type { PayeeConfig } from '../../config/commerce';
import type { AddressSnapshot } from '../../db/schema/orders';
import { Rollback, type Tx, txRows } from '../../db/tx';
import { paymentRequestNotice } from '../../notifications/order-notices';
import {
  enqueueNotifications,
  enqueueOrderConfirmation,
  type Notice,
} from '../../notifications/outbox';
import type { CartLine } from '../cart';
import { LOGIN_REQUIRED, lockMemberIfActive } from '../member-lock';
import { debitPoints } from '../points';
import { ServiceError } from '../service-error';
import { activeBenefits, claimContendedRows, type GrantedBenefit } from './claim-contended-rows';
import type { ConfirmResult } from './confirm-result';
import { instructionsOf, paymentAccountFor } from './instructions';
import { type Context, isUndecided } from './load-context';
import { CHECKOUT_MESSAGES, failure } from './messages';
import type { ShipmentQuote } from './price-shipments';
import type { CheckoutKind, ConfirmBody } from './schemas';

export async function writeOrders(
  tx: Tx,
  kind: CheckoutKind,
  context: Context,
  { checkoutId, attempt }: { checkoutId: number; attempt: number },
  body: ConfirmBody,
  address: AddressSnapshot,
  quotes: ShipmentQuote[],
  authorised: { index: number; paymentId: number }[],
  /** The saved card a 価格未定 card order is authorised with later (prepare.ts). */
  pendingCardId: number | null,
  payee: PayeeConfig,
  now: Date,
): Promise<ConfirmResult> {
  const nowIso = now.toISOString();
  // The key's row stays locked until the commit: a takeover (retry after the lease, or the
  // recovery) waits for this transaction, and one that came first has raised the attempt.
  const [current] = await txRows<{ id: number }>(
    tx,
    sql`select id::int as id from checkouts
        where id = ${checkoutId} and attempt = ${attempt} and state = 'in_progress' for update`,
  );
  if (current === undefined) {
    throw new Rollback(new ServiceError('checkout_in_progress', CHECKOUT_MESSAGES.inProgress));
  }
  // FOR SHARE on the member: a withdrawal (FOR UPDATE) waits for this checkout, or refuses it.
  if (!(await lockMemberIfActive(tx, context.memberId, 'share')))
    throw new Rollback(new ServiceError('login_required', LOGIN_REQUIRED));
  const results: ConfirmResult['orders'] = [];
  const paymentRequests: Notice[] = [];
  const items: {
    orderIndex: number;
    orderId: number;
    itemId: number;
    line: CartLine;
    isReservation: boolean;
  }[] = [];

  // Rows only this checkout touches come first; the rows every checkout of a popular item
  // contends for (stock, benefits, sales counters, see claimContendedRows) are claimed by the
  // last statement, so their locks are held for that statement and the commit only.
  for (const [index, q] of quotes.entries()) {
    const state = initialOrderState({
      isReservation: q.isReservation,
      payment: body.paymentMethod,
      amountDue: q.total,
    });
    // 入金待ち at once (an order that ships now) is due from today; a reservation gets its due
    // date when it is released (docs/lifecycle.md).
    const dueDate =
      state === 'awaiting_payment' ? paymentDueDate(now, body.paymentMethod, q.total) : null;
    const [order] = await txRows<{ id: number }>(
      tx,
      sql`with o as (
            insert into orders (status, placed_at, subtotal, total)
            values (${state}, ${nowIso}, ${q.subtotal}, ${q.subtotal + q.shippingFee + q.paymentFee})
            returning id),
          d as (
            insert into order_details (order_id, member_id, checkout_id, is_reservation, release_date,
              release_date_precision, shipping_method, payment_method, delivery_time_slot, address,
              shipping_fee, payment_fee, points_used, amount_due, points_to_grant, price_pending,
              pending_card_id)
            select o.id, ${context.memberId}, ${checkoutId}, ${q.isReservation}, ${q.releaseDate},
              ${q.releaseDatePrecision},
              ${body.shippingMethod}, ${body.paymentMethod}, ${body.deliveryTimeSlot ?? 'unspecified'},
              ${JSON.stringify(address)}::jsonb, ${q.shippingFee}, ${q.paymentFee}, ${q.pointsUsed},
              ${q.total}, ${q.pointsEarned}, ${q.pricePending},
              ${q.pricePending ? pendingCardId : null}::int from o),
          h as (
            insert into order_state_history (order_id, from_state, to_state, actor, note, at)
            select o.id, null, ${state}, 'member', ${kind}, ${nowIso} from o)
          select id::int as id from o`,
    );
    if (order === undefined) throw new Error('order insert returned no row');
    // The account is numbered after the order (a virtual account per order), so it is written
    // once the id is known.
    // A 価格未定 order is asked for its money when the price is decided (price-decision.ts).
    const paymentAccount = q.pricePending
      ? null
      : paymentAccountFor(payee, body.paymentMethod, order.id, q.total);
    if (paymentAccount !== null) {
      await tx.execute(
        sql`update order_details set payment_account = ${JSON.stringify(paymentAccount)}::jsonb,
              payment_due_date = ${dueDate} where order_id = ${order.id}`,
      );
    }
    if (dueDate !== null) {
      paymentRequests.push(paymentRequestNotice(context.memberId, order.id, dueDate));
    }
    const lines = context.shipments[index]?.lines ?? [];
    const undecided = new Set(lines.filter(isUndecided));
    const inserted = await txRows<{ id: number; variationId: number }>(
      tx,
      sql`insert into order_items (order_id, product_id, variation_id, quantity, unit_price, point_value, is_reservation)
          values ${sql.join(
            lines.map(
              (line) =>
                sql`(${order.id}, ${line.productId}, ${line.variationId}, ${line.quantity}, ${undecided.has(line) ? null : line.unitPrice}::int, ${line.pointValue}, ${q.isReservation})`,
            ),
            sql`, `,
          )}
          returning id::int as id, variation_id as "variationId"`,
    );
    for (const line of lines) {
      const item = inserted.find((i) => i.variationId === line.variationId);
      if (item === undefined) throw new Error('order item insert returned no row');
      items.push({
        orderIndex: index,
        orderId: order.id,
        itemId: item.id,
        line,
        isReservation: q.isReservation,
      });
    }
    if (q.pointsUsed > 0) {
      const spent = await debitPoints(tx, context.memberId, 'use', q.pointsUsed, order.id, now);
      if (!spent.ok) throw new Rollback(failure('not_enough_points'));
    }
    const payment = authorised.find((a) => a.index === index);
    if (payment !== undefined) {
      const linked = await txRows<{ id: number }>(
        tx,
        sql`update payments set order_id = ${order.id}, updated_at = now()
            where id = ${payment.paymentId} and status = 'authorized' returning id`,
      );
      // Recovery voided it meanwhile (this attempt outlived its lease): no order without payment.
      if (linked.length === 0) {
        throw new Rollback(
          new ServiceError('payment_unavailable', CHECKOUT_MESSAGES.gatewayUnavailable),
        );
      }
    }
    results.push({
      id: order.id,
      state,
      isReservation: q.isReservation,
      pricePending: q.pricePending,
      releaseDate: q.releaseDate,
      releaseDatePrecision: q.releaseDatePrecision,
      subtotal: q.subtotal,
      shippingFee: q.shippingFee,
      paymentFee: q.paymentFee,
      pointsUsed: q.pointsUsed,
      total: q.total,
      pointsToGrant: q.pointsEarned,
      benefits: [],
      paymentInstructions: instructionsOf({
        paymentAccount,
        amountDue: q.total,
        paymentDueDate: dueDate,
      }),
    });
  }
  if (kind === 'checkout') {
    // Exactly the lines claimed and priced, in their quantities: a line changed in another tab
    // since (claimCart) undoes the checkout rather than ordering what the cart no longer says.
    const ordered = await txRows<{ variationId: number }>(
      tx,
      sql`delete from cart_lines l using carts c
          where l.cart_id = c.id and c.member_id = ${context.memberId} and c.checkout_id = ${checkoutId}
            and (l.variation_id, l.quantity) in (values ${sql.join(
              context.lines.map((l) => sql`(${l.variationId}::int, ${l.quantity}::int)`),
              sql`, `,
            )})
          returning l.variation_id as "variationId"`,
    );
    if (ordered.length !== context.lines.length) {
      throw new Rollback(new ServiceError('cart_changed', CHECKOUT_MESSAGES.cartChanged));
    }
  }

  // The confirmation mail, sent if and only if these orders commit (before the contended rows,
  // whose locks are held from their statement to the commit).
  await enqueueOrderConfirmation(
    tx,
    { memberId: context.memberId, checkoutId, orderIds: results.map((o) => o.id) },
    now,
  );
  await enqueueNotifications(tx, paymentRequests, now);

  // Which limited benefits are active is read before any contended row is locked (no lock:
  // what is left of each is decided under its row lock below).
  const active = await activeBenefits(
    tx,
    context.lines.map((l) => l.productId),
    now,
  );
  const benefitIds = items.flatMap(({ line }) => active.get(line.productId) ?? []);
  const result: ConfirmResult = { checkoutId, orders: results };
  const [claimed] = await txRows<{
    claimed: boolean;
    completed: boolean;
    granted: GrantedBenefit[];
  }>(
    tx,
    claimContendedRows({
      items,
      benefitIds: [...new Set(benefitIds)],
      today: jstToday(now),
      checkout: { checkoutId, attempt, nowIso, body: result },
    }),
  );
  if (claimed === undefined) throw new Error('the claim statement returned no row');
  if (!claimed.claimed) {
    throw new Rollback(new ServiceError('out_of_stock', CHECKOUT_MESSAGES.outOfStock));
  }
  if (!claimed.completed) throw new Error(`checkout ${checkoutId} vanished while locked`);
  // The claim holds every variation's row lock until the commit, and deciding a price updates
  // that row first (services/price-decision.ts): read now, a price decided since this checkout
  // read it is seen, and a decision still to come waits for this commit and then finds the
  // order. So no order stays pending for a price already decided.
  const pendingVariations = items.filter(
    (i) => quotes[i.orderIndex]?.pricePending === true && isUndecided(i.line),
  );
  if (pendingVariations.length > 0) {
    const decided = await txRows<{ id: number }>(
      tx,
      sql`select id from variations where unit_price > 0 and id in (${sql.join(
        pendingVariations.map((i) => sql`${i.line.variationId}`),
        sql`, `,
      )})`,
    );
    if (decided.length > 0) {
      throw new Rollback(new ServiceError('price_decided', CHECKOUT_MESSAGES.priceDecided));
    }
  }
  for (const { orderIndex, benefitId, title, quantity } of claimed.granted) {
    results[orderIndex]?.benefits.push({ benefitId, title, quantity });
  }
  return result;
}
