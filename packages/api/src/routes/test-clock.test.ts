import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  confirm,
  createOrdersTestApp,
  insertMember,
  insertProduct,
  OPERATOR_TOKEN,
  type OrdersTestApp,
} from '../../test/support/orders-app';
import { createApp } from '../app';
import { loadConfig } from '../config/app';
import { createTestClock } from '../lib/test-clock';

// TEST_CLOCK: end-to-end tests move a running server's clock and run a job on demand; it can
// never be on in production, and without it no /api/operator/test/ route exists.

describe('TEST_CLOCK', () => {
  test('is off by default and refused under NODE_ENV=production', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'test' }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(
      /TEST_CLOCK: test-only/,
    );
  });
});

describe('/api/operator/test/', () => {
  let t: OrdersTestApp;
  let app: ReturnType<typeof createApp>;
  const clock = createTestClock();
  const staff = { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' };

  beforeAll(async () => {
    t = await createOrdersTestApp();
    // The same shop on the test clock, as server.ts builds it with TEST_CLOCK on.
    t.deps.now = clock.now;
    t.deps.testClock = clock;
    app = createApp(t.deps);
  });

  afterAll(async () => {
    await t?.close();
  });

  test('does not exist without TEST_CLOCK', async () => {
    const res = await t.app.request('/api/operator/test/clock/', { headers: staff });
    expect(res.status).toBe(404);
  });

  test('needs the operator token', async () => {
    const res = await app.request('/api/operator/test/clock/');
    expect(res.status).toBe(401);
  });

  test("moves the shop's clock, and runs the due-date job there on demand", async () => {
    const member = await insertMember(t);
    const product = await insertProduct(t.db, { stock: 3 });
    await member.client.post('/api/cart/', { variationId: product.variationId, quantity: 1 });
    const placed = await confirm(member.client, '/api/reserveshop/checkout/', {
      shippingMethod: 'home_delivery',
      paymentMethod: 'yucho',
      addressId: member.addressId,
    });
    const [order] = ((await placed.json()) as { orders: { id: number }[] }).orders;
    const [due] = await t.db.rows<{ due: string }>(
      sql`select payment_due_date::text as due from order_details where order_id = ${order?.id ?? 0}`,
    );
    // 00:00 JST the day after the due date.
    const after = new Date(`${due?.due}T15:00:00Z`);
    const moved = await app.request('/api/operator/test/clock/', {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ now: after.toISOString() }),
    });
    expect(moved.status).toBe(200);
    expect(Math.abs(t.deps.now().getTime() - after.getTime())).toBeLessThan(60_000);
    const bad = await app.request('/api/operator/test/clock/', {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ now: 'tomorrow' }),
    });
    expect(bad.status).toBe(400);
    const unknown = await app.request('/api/operator/test/jobs/nope/run/', {
      method: 'POST',
      headers: staff,
    });
    expect(unknown.status).toBe(404);
    const ran = await app.request('/api/operator/test/jobs/payment_overdue_cancellations/run/', {
      method: 'POST',
      headers: staff,
    });
    expect(ran.status).toBe(200);
    const [state] = await t.db.rows<{ status: string; stock: number }>(
      sql`select o.status, v.stock_quantity as stock from orders o, variations v
          where o.id = ${order?.id ?? 0} and v.id = ${product.variationId}`,
    );
    expect(state).toEqual({ status: 'cancelled', stock: 3 });
  });
});
