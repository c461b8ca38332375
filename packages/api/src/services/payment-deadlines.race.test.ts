import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import {
  insertMember,
  insertProduct,
  operatorPost,
  ordersTestApp,
  placeOrder,
  stockOf,
} from '../../test/support/orders-app';
import { cancelOverdueOrders } from './payment-deadlines';

// The due-date cancellation racing the operator's payment-received and the member's own cancel,
// all at once on several connections (run on PostgreSQL too: scripts/with-postgres.sh): exactly
// one wins each order, its stock and points come back at most once, one cancellation mail.

const t = ordersTestApp({ poolSize: 8 });

const ORDERS = 6;

test('auto-cancel, payment received and a member cancel race: one wins, stock back once', async () => {
  const product = await insertProduct(t.db, { stock: 100, price: 1000 });
  const placed: { orderId: number; member: Awaited<ReturnType<typeof insertMember>> }[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const member = await insertMember(t, { points: 50 });
    const orderId = await placeOrder(member, product.variationId, 2, {
      paymentMethod: 'bank_transfer',
      usePoints: 50,
    });
    placed.push({ orderId, member });
  }
  // Every order's due date was yesterday (JST): the job may cancel each of them now.
  await t.db.rows(
    sql`update order_details set payment_due_date = '2026-11-19'
        where order_id in (${sql.join(
          placed.map((p) => sql`${p.orderId}`),
          sql`, `,
        )})`,
  );
  const [job, ...answers] = await Promise.all([
    cancelOverdueOrders(t.deps, t.deps.now()),
    // A second instance's run of the same tick.
    cancelOverdueOrders(t.deps, t.deps.now()),
    ...placed.flatMap(({ orderId, member }, i) => [
      operatorPost(t, `/api/operator/orders/${orderId}/payment-received/`),
      ...(i % 2 === 0 ? [member.client.post(`/api/orders/${orderId}/cancel/`)] : []),
    ]),
  ]);
  expect(job).toBeDefined();
  for (const answer of answers) {
    if (answer instanceof Response) expect([200, 409]).toContain(answer.status);
  }
  let kept = 0;
  for (const { orderId, member } of placed) {
    const moves = await t.db.rows<{ to: string; actor: string }>(
      sql`select to_state as to, actor from order_state_history
          where order_id = ${orderId} and from_state = 'awaiting_payment'`,
    );
    // Exactly one transition out of 入金待ち: paid (preparing) or cancelled, by whoever won.
    expect(moves).toHaveLength(1);
    const [move] = moves;
    const cancelled = move?.to === 'cancelled';
    if (!cancelled) {
      expect(move).toEqual({ to: 'preparing', actor: 'operator' });
      kept++;
    }
    const [points] = await t.db.rows<{ n: number }>(
      sql`select coalesce(sum(amount), 0)::int as n from point_ledger where member_id = ${member.memberId}`,
    );
    expect(points?.n).toBe(cancelled ? 50 : 0);
    const [mails] = await t.db.rows<{ cancelled: number; received: number }>(
      sql`select count(*) filter (where kind = 'order_cancelled')::int as cancelled,
                 count(*) filter (where kind = 'payment_received')::int as received
          from notification_outbox where payload->>'orderId' = ${String(orderId)}`,
    );
    expect(mails).toEqual({ cancelled: cancelled ? 1 : 0, received: cancelled ? 0 : 1 });
  }
  // Each kept order holds its two units; each cancelled one gave them back exactly once.
  expect(await stockOf(t.db, product.variationId)).toBe(100 - 2 * kept);
});
