import { jstToday } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { TROUBLED_WHERE } from '../notifications/dead-letters';
import { staffAuth } from '../staff/access';

// The back office's first page (docs/backoffice.md "Dashboard"): what the day holds, each figure
// a link to the list that shows its orders or products. Days are Japan's.

/** A variation on sale with this many copies or fewer is shown as running low. */
export const LOW_STOCK_THRESHOLD = 5;

/** Products listed under each heading (the count says how many there are in all). */
const LISTED = 20;

const productLine = z.object({
  productId: z.int(),
  title: z.string(),
  at: z.iso.datetime().meta({ description: 'When its sale (reservations) opens' }),
});

const stockLine = z.object({
  productId: z.int(),
  title: z.string(),
  variationId: z.int(),
  variationName: z.string(),
  stock: z.int(),
});

export const dashboardSchema = z.object({
  today: z.iso.date(),
  orders: z.object({
    count: z.int().meta({ description: 'Orders placed today (JST), cancelled ones included' }),
    sales: z.int().meta({ description: 'Their totals in yen, cancelled ones excluded' }),
  }),
  awaitingPayment: z.object({ count: z.int(), overdue: z.int() }),
  toShipToday: z.int().meta({
    description: '発送準備中 orders whose release day has come (bundles count their orders)',
  }),
  reservationsOpening: z.object({
    today: z.int(),
    thisWeek: z.int().meta({ description: 'Today and the six days after' }),
    items: z.array(productLine),
  }),
  notifications: z.object({
    failing: z.int().meta({ description: 'Mails waiting for another attempt after a failure' }),
    dead: z.int().meta({ description: 'Mails given up on (GET /api/admin/notifications/)' }),
  }),
  lowStock: z.object({ count: z.int(), items: z.array(stockLine) }),
});

type Dashboard = z.infer<typeof dashboardSchema>;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const jstMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`).toISOString();

/**
 * The day's figures. Orders are the shop's own, those with their details (order_details), as the
 * order list shows them: the demo catalog's sales history (orders rows with no details, seeded
 * for the rankings) is not an order anyone can act on.
 */
export async function dashboard(deps: AppDeps): Promise<Dashboard> {
  const db = deps.db.orm;
  const today = jstToday(deps.now());
  const start = jstMidnight(today);
  const tomorrow = jstMidnight(addDays(today, 1));
  const weekEnd = jstMidnight(addDays(today, 7));
  const [counts] = await txRows<{
    orders: number;
    sales: number;
    awaiting: number;
    overdue: number;
    toShip: number;
    failing: number;
    dead: number;
    opensToday: number;
    opensWeek: number;
    low: number;
  }>(
    db,
    sql`select
      (select count(*)::int from orders o join order_details d on d.order_id = o.id
        where o.placed_at >= ${start} and o.placed_at < ${tomorrow}) as orders,
      -- float8, not int: a day's orders may add up past 2,147,483,647 yen (a shopper placing 22
      -- unpaid orders at the most one may come to did), which failed the dashboard.
      (select coalesce(sum(o.total), 0)::float8 from orders o join order_details d on d.order_id = o.id
        where o.placed_at >= ${start} and o.placed_at < ${tomorrow} and o.status <> 'cancelled') as sales,
      (select count(*)::int from orders o join order_details d on d.order_id = o.id
        where o.status = 'awaiting_payment') as awaiting,
      (select count(*)::int from orders o join order_details d on d.order_id = o.id
        where o.status = 'awaiting_payment' and d.paid_at is null and d.payment_due_date is not null
          and d.payment_due_date < ${today}) as overdue,
      (select count(*)::int from orders o join order_details d on d.order_id = o.id
        where o.status = 'preparing' and (d.release_date is null or d.release_date <= ${today})
          and not d.price_pending) as "toShip",
      (select count(*)::int from notification_outbox where ${TROUBLED_WHERE.failing}) as failing,
      (select count(*)::int from notification_outbox where ${TROUBLED_WHERE.dead}) as dead,
      (select count(*)::int from products where disabled_before >= ${start} and disabled_before < ${tomorrow}) as "opensToday",
      (select count(*)::int from products where disabled_before >= ${start} and disabled_before < ${weekEnd}) as "opensWeek",
      (select count(*)::int from variations v join products p on p.id = v.product_id
        where not v.can_reserve and v.unit_price is not null
          and (p.sell_start_date is null or p.sell_start_date <= ${today})
          and v.stock_quantity <= ${LOW_STOCK_THRESHOLD}) as low`,
  );
  if (counts === undefined) throw new Error('dashboard counts read no row');
  const opening = await txRows<Dashboard['reservationsOpening']['items'][number]>(
    db,
    sql`select id as "productId", title,
               to_char(disabled_before at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from products where disabled_before >= ${start} and disabled_before < ${weekEnd}
        order by disabled_before, id limit ${LISTED}`,
  );
  const low = await txRows<Dashboard['lowStock']['items'][number]>(
    db,
    sql`select p.id as "productId", p.title, v.id as "variationId", v.name as "variationName",
               v.stock_quantity as stock
        from variations v join products p on p.id = v.product_id
        where not v.can_reserve and v.unit_price is not null
          and (p.sell_start_date is null or p.sell_start_date <= ${today})
          and v.stock_quantity <= ${LOW_STOCK_THRESHOLD}
        order by v.stock_quantity, p.id, v.id limit ${LISTED}`,
  );
  return {
    today,
    orders: { count: counts.orders, sales: counts.sales },
    awaitingPayment: { count: counts.awaiting, overdue: counts.overdue },
    toShipToday: counts.toShip,
    reservationsOpening: { today: counts.opensToday, thisWeek: counts.opensWeek, items: opening },
    notifications: { failing: counts.failing, dead: counts.dead },
    lowStock: { count: counts.low, items: low },
  };
}

/** /api/admin/dashboard/. */
export function adminDashboardRoutes(deps: AppDeps) {
  return new Hono().get(
    '/',
    documented({
      tag: 'admin',
      summary:
        "Today's figures (JST): orders and sales, 入金待ち (and past due), orders to ship, reservations opening, failing and dead mails, low stock",
      access: 'staff:read',
      response: dashboardSchema,
    }),
    staffAuth(deps, 'read'),
    async (c) => c.json(await dashboard(deps)),
  );
}
