import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminRequest, auditOf, insertOrder } from '../../test/support/admin-orders';
import { insertMember, insertProduct, ordersTestApp } from '../../test/support/orders-app';
import { txRows } from '../db/tx';

// 予約集計, the price decision and the release change from the back office, and the dashboard
// (docs/backoffice.md "Pre-orders", "Dashboard").

const t = ordersTestApp();
let memberId: number;
beforeAll(async () => {
  memberId = (await insertMember(t)).memberId;
}, 120_000);

const reservation = (
  p: { productId: number; variationId: number },
  state: 'reserved' | 'awaiting_payment' | 'preparing' | 'shipped' | 'cancelled',
  quantity: number,
  paid = false,
) =>
  insertOrder(t, {
    memberId,
    ...p,
    state,
    quantity,
    paid,
    releaseDate: '2027-01-15',
    placedAt: '2026-11-15T00:00:00.000Z',
  });

describe('GET /api/admin/reservations/summary/', () => {
  test('counts the copies of open orders per edition, by state and paid; closed orders are not counted', async () => {
    const title = `集計テスト ${Date.now().toString(36)}`;
    const p = await insertProduct(t.db, {
      title,
      sellStartDate: '2027-01-15',
      canReserve: true,
      stock: 40,
      price: null,
    });
    await reservation(p, 'reserved', 2);
    await reservation(p, 'reserved', 1, true);
    await reservation(p, 'awaiting_payment', 3);
    await reservation(p, 'shipped', 5);
    await reservation(p, 'cancelled', 7);
    const res = await adminRequest(
      t,
      'GET',
      `reservations/summary/?releaseFrom=2027-01-01&releaseTo=2027-01-31&q=${encodeURIComponent(title)}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [
        {
          productId: p.productId,
          title,
          variationId: p.variationId,
          variationName: '通常版',
          releaseDate: '2027-01-15',
          releaseDatePrecision: 'day',
          priceUndecided: true,
          unitPrice: null,
          stock: 40,
          reservedQuantity: 6,
          orderCount: 3,
          byState: { reserved: 3, awaitingPayment: 3, preparing: 0, bundled: 0 },
          paidQuantity: 1,
        },
      ],
    });
    const csv = await adminRequest(
      t,
      'GET',
      `reservations/summary/?releaseFrom=2027-01-01&q=${encodeURIComponent(title)}&format=csv`,
    );
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Response.text() would drop the BOM: read the bytes.
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.startsWith('product_id,title,')).toBe(true);
    expect(text.split('\r\n')[1]).toBe(
      `${p.productId},${title},${p.variationId},通常版,2027-01-15,day,true,,40,6,3,3,3,0,0,1`,
    );
  });

  test('a release range outside the edition leaves it out; a bad date is refused', async () => {
    const title = `範囲外 ${Date.now().toString(36)}`;
    await insertProduct(t.db, { title, sellStartDate: '2027-03-01', canReserve: true });
    const outside = await adminRequest(
      t,
      'GET',
      `reservations/summary/?releaseFrom=2027-01-01&releaseTo=2027-02-28&q=${encodeURIComponent(title)}`,
    );
    expect(((await outside.json()) as { items: unknown[] }).items).toEqual([]);
    const bad = await adminRequest(t, 'GET', 'reservations/summary/?releaseFrom=2027-02-30');
    expect(bad.status).toBe(400);
  });
});

describe('price and release decisions', () => {
  test('deciding a price records one audit entry; the second decision is refused and records none', async () => {
    const p = await insertProduct(t.db, {
      sellStartDate: '2027-02-01',
      canReserve: true,
      price: null,
    });
    const first = await adminRequest(t, 'POST', `variations/${p.variationId}/price/`, {
      unitPrice: 1980,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ variationId: p.variationId, unitPrice: 1980 });
    const again = await adminRequest(t, 'POST', `variations/${p.variationId}/price/`, {
      unitPrice: 990,
    });
    expect(again.status).toBe(409);
    expect(await auditOf(t, 'variation', p.variationId)).toMatchObject([
      { action: 'variation.price_decide', actor: 'OPERATOR_TOKEN', after: { unitPrice: 1980 } },
    ]);
  });

  test('a postponement moves the reservations and records one audit entry with before and after', async () => {
    const p = await insertProduct(t.db, { sellStartDate: '2027-01-15', canReserve: true });
    const order = await reservation(p, 'reserved', 1);
    const res = await adminRequest(t, 'POST', `products/${p.productId}/release-date/`, {
      releaseDate: '2027-02-01',
      precision: 'month',
      reason: '作家都合',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ newDate: '2027-02-01', ordersUpdated: 1 });
    const [row] = await txRows<{ release: string }>(
      t.db.orm,
      sql`select release_date::text as release from order_details where order_id = ${order}`,
    );
    expect(row?.release).toBe('2027-02-01');
    const [entry] = await auditOf(t, 'product', p.productId);
    expect(entry).toMatchObject({
      action: 'product.release_date_change',
      after: { releaseDate: '2027-02-01', precision: 'month', reason: '作家都合' },
    });
    const unchanged = await adminRequest(t, 'POST', `products/${p.productId}/release-date/`, {
      releaseDate: '2027-02-01',
      precision: 'month',
    });
    expect(unchanged.status).toBe(409);
    expect(await auditOf(t, 'product', p.productId)).toHaveLength(1);
  });
});

describe('GET /api/admin/dashboard/', () => {
  test("counts today's orders and sales (JST), 入金待ち and past due, orders to ship, low stock", async () => {
    const before = (await (await adminRequest(t, 'GET', 'dashboard/')).json()) as {
      today: string;
      orders: { count: number; sales: number };
      awaitingPayment: { count: number; overdue: number };
      toShipToday: number;
      lowStock: { count: number; items: { variationId: number; stock: number }[] };
    };
    // The clock is 2026-11-20 12:00 JST.
    expect(before.today).toBe('2026-11-20');
    // Today's count is the order list's for today: the demo catalog's sales history (orders
    // rows with no details, as the seed writes them for the rankings; the list never shows them)
    // is not counted.
    await t.db.rows(
      sql`insert into orders (status, placed_at, subtotal, total)
          values ('shipped', '2026-11-20T02:00:00Z', 500, 500)`,
    );
    const listed = (await (
      await adminRequest(t, 'GET', 'orders/?placedFrom=2026-11-20&placedTo=2026-11-20&limit=200')
    ).json()) as { items: unknown[]; nextCursor: string | null };
    expect(listed.nextCursor).toBeNull();
    expect(before.orders.count).toBe(listed.items.length);
    const p = await insertProduct(t.db, { stock: 2 });
    const at = (
      placedAt: string,
      state: 'preparing' | 'cancelled' | 'awaiting_payment',
      due?: string,
    ) =>
      insertOrder(t, {
        memberId,
        ...p,
        state,
        placedAt,
        total: 1000,
        ...(due === undefined ? {} : { paymentMethod: 'bank_transfer', paymentDueDate: due }),
      });
    await at('2026-11-19T15:00:00.000Z', 'preparing');
    await at('2026-11-20T01:00:00.000Z', 'cancelled');
    await at('2026-11-19T14:59:59.999Z', 'preparing');
    await at('2026-11-18T00:00:00.000Z', 'awaiting_payment', '2026-11-19');
    await at('2026-11-18T00:00:00.000Z', 'awaiting_payment', '2026-11-20');
    const after = (await (await adminRequest(t, 'GET', 'dashboard/')).json()) as typeof before;
    expect(after.orders.count - before.orders.count).toBe(2);
    expect(after.orders.sales - before.orders.sales).toBe(1000);
    expect(after.awaitingPayment.count - before.awaitingPayment.count).toBe(2);
    expect(after.awaitingPayment.overdue - before.awaitingPayment.overdue).toBe(1);
    expect(after.toShipToday - before.toShipToday).toBe(2);
    expect(after.lowStock.count - before.lowStock.count).toBe(1);
    expect(after.lowStock.items).toContainEqual(
      expect.objectContaining({ variationId: p.variationId, stock: 2 }),
    );
  });

  test("sales past 2,147,483,647 yen (22 unpaid orders at the most one may come to): the dashboard and the member's page still answer", async () => {
    const buyer = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 100 });
    const before = (await (await adminRequest(t, 'GET', 'dashboard/')).json()) as {
      orders: { sales: number };
    };
    for (let i = 0; i < 22; i++) {
      await insertOrder(t, {
        memberId: buyer.memberId,
        ...p,
        state: 'awaiting_payment',
        placedAt: '2026-11-20T01:00:00.000Z',
        paymentMethod: 'bank_transfer',
        paymentDueDate: '2026-11-27',
        total: 100_000_000,
      });
    }
    const dashboard = await adminRequest(t, 'GET', 'dashboard/');
    expect(dashboard.status).toBe(200);
    const after = (await dashboard.json()) as typeof before;
    expect(after.orders.sales - before.orders.sales).toBe(2_200_000_000);
    const member = await adminRequest(t, 'GET', `members/${buyer.memberId}/`);
    expect(member.status).toBe(200);
    expect(((await member.json()) as { orders: { spent: number } }).orders.spent).toBe(
      2_200_000_000,
    );
  });

  test('answers 401 without a staff identity', async () => {
    expect((await t.app.request('/api/admin/dashboard/')).status).toBe(401);
  });
});
