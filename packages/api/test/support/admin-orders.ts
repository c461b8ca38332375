import { sql } from 'drizzle-orm';
import type { OrderState } from '../../src/db/schema/orders';
import { txRows } from '../../src/db/tx';
import { bearerRequest, numberOf, OPERATOR_TOKEN, type OrdersTestApp } from './orders-app';

// Orders written straight into the tables, with exactly the facts a back office test needs
// (state, payment, due date, release, placed instant), and requests to /api/admin/.

export interface HandMadeOrder {
  memberId: number;
  variationId: number;
  productId: number;
  state: OrderState;
  placedAt: string;
  paymentMethod?: string;
  paymentDueDate?: string | null;
  paid?: boolean;
  releaseDate?: string | null;
  quantity?: number;
  total?: number;
}

/** Writes one order (orders, order_details, one order_items line); returns its id. */
export async function insertOrder(t: OrdersTestApp, order: HandMadeOrder): Promise<number> {
  const quantity = order.quantity ?? 1;
  const total = order.total ?? 1100 * quantity;
  const release = order.releaseDate ?? null;
  const [row] = await txRows<{ id: number }>(
    t.db.orm,
    sql`insert into orders (status, placed_at, subtotal, total)
        values (${order.state}, ${order.placedAt}, ${total}, ${total}) returning id::int as id`,
  );
  if (row === undefined) throw new Error('order insert failed');
  await t.db.orm.execute(
    sql`insert into order_details (order_id, member_id, is_reservation, release_date, release_date_precision,
          shipping_method, payment_method, delivery_time_slot, address, shipping_fee, payment_fee,
          points_used, amount_due, points_to_grant, payment_due_date, paid_at)
        values (${row.id}, ${order.memberId}, ${release !== null}, ${release}, ${release === null ? null : 'day'},
          'home_delivery', ${order.paymentMethod ?? 'credit_card'}, 'unspecified',
          ${JSON.stringify({
            postalCode: '101-0021',
            prefecture: '東京都',
            city: '千代田区外神田',
            street: '1-2-3',
            building: '',
            lastName: '山田',
            firstName: '太郎',
            lastNameKana: 'ヤマダ',
            firstNameKana: 'タロウ',
            phone: '0312345678',
          })}::jsonb,
          0, 0, 0, ${total}, 11, ${order.paymentDueDate ?? null},
          ${order.paid ? order.placedAt : null})`,
  );
  await t.db.orm.execute(
    sql`insert into order_items (order_id, product_id, variation_id, quantity, unit_price, is_reservation)
        values (${row.id}, ${order.productId}, ${order.variationId}, ${quantity}, 1100, ${release !== null})`,
  );
  return row.id;
}

/** A request to the back office API as the legacy operator token (an owner). */
export function adminRequest(
  t: OrdersTestApp,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  contentType = 'application/json',
) {
  return bearerRequest(t.app, method, `/api/admin/${path}`, body, OPERATOR_TOKEN, contentType);
}

/** The audit entries recorded for a target. */
export async function auditOf(t: OrdersTestApp, targetType: string, targetId: number) {
  return txRows<{ action: string; actor: string; after: Record<string, unknown> }>(
    t.db.orm,
    sql`select action, actor, after from audit_log
        where target_type = ${targetType} and target_id = ${String(targetId)} order by id`,
  );
}

/** The outbox rows of one kind naming an order. */
export async function mailsOf(t: OrdersTestApp, kind: string, orderId: number): Promise<number> {
  return numberOf(
    t.db,
    sql`select count(*)::int as n from notification_outbox where kind = ${kind}
        and (payload->>'orderId' = ${String(orderId)} or payload->'orderIds' @> ${JSON.stringify([orderId])}::jsonb)`,
    -1,
  );
}
