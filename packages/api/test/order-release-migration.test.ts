import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './support/database';
import { insertProduct } from './support/orders-app';

// Migration 0012 gives every order the precision of its release day. Orders a shop placed before
// it are filled in from their products (and, for an order closed before its product moved, from
// the delay list); the API's own orders are covered by the route tests.

describe('migration of orders placed before release precisions', () => {
  const db = databaseBefore('_order_release_precision');

  let memberId = 0;
  /** A reservable product out on `date`, known to `precision` (products had that column before 0012). */
  const product = (date: string, precision: 'day' | 'month_part' | 'month') =>
    insertProduct(db, {
      sellStartDate: date,
      canReserve: true,
      stock: 5,
      releaseDatePrecision: precision,
    });

  /** An order as the shop wrote them before: its release day and items, no precision. */
  async function order(
    status: string,
    releaseDate: string | null,
    items: { productId: number; variationId: number }[],
  ): Promise<number> {
    const [o] = await db.rows<{ id: number }>(sql`
      insert into orders (status, placed_at, subtotal, total)
      values (${status}, '2026-11-20T03:00:00Z', 1100, 1610) returning id::int as id`);
    if (!o) throw new Error('insert failed');
    await db.rows(sql`
      insert into order_details (order_id, member_id, is_reservation, release_date, shipping_method,
        payment_method, delivery_time_slot, address, shipping_fee, payment_fee, points_used,
        amount_due, points_to_grant)
      values (${o.id}, ${memberId}, ${releaseDate !== null}, ${releaseDate}, 'home_delivery',
        'bank_transfer', 'unspecified', '{}'::jsonb, 510, 0, 0, 1610, 11)`);
    for (const item of items) {
      await db.rows(sql`
        insert into order_items (order_id, product_id, variation_id, quantity, unit_price,
          point_value, is_reservation)
        values (${o.id}, ${item.productId}, ${item.variationId}, 1, 1100, 11, ${releaseDate !== null})`);
    }
    return o.id;
  }

  it('gives each order the precision of its own release day', async () => {
    const [m] = await db.rows<{ id: number }>(sql`
      insert into members (email, password_hash, name)
      values ('before@example.jp', '$scrypt$unused', '山田 太郎') returning id`);
    memberId = m?.id ?? 0;
    const late = await product('2027-01-21', 'month_part');
    const exact = await product('2027-03-01', 'day');
    const march = await product('2027-03-01', 'month');
    const middle = await product('2027-04-11', 'month_part');
    const fifteenth = await product('2027-04-15', 'day');
    const moved = await product('2027-06-10', 'day');
    const movedUnrecorded = await product('2027-08-01', 'day');
    const released = await product('2026-10-01', 'day');
    // "moved" was known only to May when the order was cancelled; the operator moved it later.
    await db.rows(sql`
      insert into release_postponements (product_id, previous_date, previous_precision, new_date,
        new_precision, reason, announced_at)
      values (${moved.productId}, '2027-05-01', 'month', '2027-06-10', 'day', '', '2026-11-21T00:00:00Z')`);

    const orders = {
      late: await order('reserved', '2027-01-21', [late]),
      vaguest: await order('reserved', '2027-03-01', [exact, march]),
      moved: await order('reserved', '2027-04-15', [middle, fifteenth]),
      cancelled: await order('cancelled', '2027-05-01', [moved]),
      unrecorded: await order('cancelled', '2027-07-01', [movedUnrecorded]),
      out: await order('shipped', null, [released]),
    };

    await db.migrate();
    const rows = await db.rows<{ id: number; precision: string | null }>(sql`
      select order_id::int as id, release_date_precision as precision from order_details`);
    const precisionOf = (id: number) => rows.find((r) => r.id === id)?.precision;
    expect(precisionOf(orders.late)).toBe('month_part');
    // A day and a month on the 1st: the order may ship on any day of March.
    expect(precisionOf(orders.vaguest)).toBe('month');
    // 4月中旬 may be the 20th: the 15th is known only to 中旬.
    expect(precisionOf(orders.moved)).toBe('month_part');
    // Closed before its product moved: the product's precision on that day, from the delay list.
    expect(precisionOf(orders.cancelled)).toBe('month');
    expect(precisionOf(orders.unrecorded)).toBe('day');
    expect(precisionOf(orders.out)).toBeNull();

    // From now on the database holds a release day and its precision together.
    await expect(
      db.rows(
        sql`update order_details set release_date_precision = null where order_id = ${orders.late}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.rows(
        sql`update order_details set release_date_precision = 'week' where order_id = ${orders.late}`,
      ),
    ).rejects.toThrow();
  });
});
