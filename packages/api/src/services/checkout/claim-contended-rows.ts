import { isBenefitActive } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { type Tx, txRows } from '../../db/tx';
import type { CartLine } from '../cart';
import type { ConfirmResult } from './confirm-result';

export interface GrantedBenefit {
  orderIndex: number;
  benefitId: number;
  title: string;
  quantity: number;
}

/**
 * The statement that claims what every checkout of a popular item contends for, and completes
 * the checkout, so that those rows stay locked for this one statement and the commit only:
 *
 * 1. stock: each variation's units, if that many are left (rows locked in id order);
 * 2. benefits: each active limited benefit of an item's product, one per unit while any are
 *    left (rows locked in id order; items of one product take them in item order), recorded in
 *    benefit_claims;
 * 3. sales counters: products.order_count and the day's product_daily_sales (in product order);
 * 4. the checkout's key: completed, its stored answer holding the benefits granted.
 *
 * Rows are locked `for no key update`, the lock an update of non-key columns takes: `for
 * update` would also wait for the key-share locks that concurrent checkouts' foreign keys hold
 * on the same variation, benefit and product rows until they commit, so two checkouts would
 * each wait for the other (the checkout benchmark deadlocked every second that way).
 *
 * Each step's condition reads the previous step's result as a whole, which runs that step to
 * its end first, so rows are locked in the same order as a cancellation does (stock, benefits,
 * products, daily sales) and nothing after the stock is touched when any variation is short.
 * Returns one row: `claimed` (every variation had the units), `completed` (the key's row was
 * completed) and the benefits granted.
 */
export function claimContendedRows({
  items,
  benefitIds,
  today,
  checkout,
}: {
  items: {
    orderIndex: number;
    orderId: number;
    itemId: number;
    line: CartLine;
    isReservation: boolean;
  }[];
  benefitIds: number[];
  today: string;
  checkout: { checkoutId: number; attempt: number; nowIso: string; body: ConfirmResult };
}) {
  const variations = new Set(items.map((i) => i.line.variationId)).size;
  const itemRows = sql.join(
    items.map(
      (i) =>
        sql`(${i.orderIndex}::int, ${i.orderId}::bigint, ${i.itemId}::bigint, ${i.line.variationId}::int,
             ${i.line.productId}::int, ${i.line.quantity}::int, ${i.isReservation}::boolean)`,
    ),
    sql`, `,
  );
  const benefitList =
    benefitIds.length === 0
      ? sql`null::int`
      : sql.join(
          benefitIds.map((id) => sql`${id}::int`),
          sql`, `,
        );
  const body = JSON.stringify(checkout.body);
  return sql`
    with item (order_index, order_id, item_id, variation_id, product_id, quantity, is_reservation)
      as (values ${itemRows}),
    need as (select variation_id, sum(quantity)::int as quantity from item group by variation_id),
    stock_locked as (
      select v.id, v.stock_quantity from variations v
      where v.id in (select variation_id from need) order by v.id for no key update),
    stock as (
      update variations v
      set stock_quantity = v.stock_quantity - need.quantity,
          in_stock = v.stock_quantity - need.quantity > 0
      from need join stock_locked l on l.id = need.variation_id
      where v.id = need.variation_id and l.stock_quantity >= need.quantity
      returning v.id),
    benefit_locked as (
      select b.id, b.product_id, b.title, b.available_max_num - b.claimed_count as left_count
      from benefits b
      where b.id in (${benefitList}) and b.claimed_count < b.available_max_num
        and (select count(*) from stock) = ${variations}
      order by b.id for no key update),
    allocation as (
      select l.id as benefit_id, l.title, i.order_index, i.order_id, i.item_id, i.product_id,
        least(i.quantity, greatest(0, l.left_count
          - (sum(i.quantity) over (partition by l.id order by i.item_id) - i.quantity)))::int
          as quantity
      from benefit_locked l join item i on i.product_id = l.product_id),
    granted as (select * from allocation where quantity > 0),
    benefit_update as (
      update benefits b set claimed_count = b.claimed_count + g.quantity
      from (select benefit_id, sum(quantity)::int as quantity from granted group by benefit_id) g
      where b.id = g.benefit_id
      returning b.id),
    benefit_claim as (
      insert into benefit_claims (benefit_id, order_id, order_item_id, quantity)
      select benefit_id, order_id, item_id, quantity from granted),
    sold as (
      select product_id, sum(quantity)::int as quantity,
        sum(case when is_reservation then quantity else 0 end)::int as reservation_quantity
      from item group by product_id),
    product_locked as (
      select p.id from products p
      where p.id in (select product_id from sold)
        and (select count(*) from stock) = ${variations}
        and (select count(*) from benefit_update) >= 0
      order by p.id for no key update),
    product_count as (
      update products p set order_count = p.order_count + sold.quantity
      from sold join product_locked l on l.id = sold.product_id
      where p.id = sold.product_id
      returning p.id),
    daily as (
      insert into product_daily_sales (day, product_id, quantity, reservation_quantity)
      select ${today}::date, product_id, quantity, reservation_quantity from sold
      where (select count(*) from product_count) = (select count(*) from sold)
      order by product_id
      on conflict (day, product_id) do update set
        quantity = product_daily_sales.quantity + excluded.quantity,
        reservation_quantity = product_daily_sales.reservation_quantity + excluded.reservation_quantity
      returning product_id),
    answer as (
      select coalesce(jsonb_agg(jsonb_build_object('orderIndex', order_index,
               'benefitId', benefit_id, 'title', title, 'quantity', quantity)
               order by product_id, item_id, benefit_id), '[]'::jsonb) as granted
      from granted),
    completed as (
      update checkouts set state = 'completed', response_status = 201,
        completed_at = ${checkout.nowIso},
        response_body = jsonb_set(${body}::jsonb, '{orders}', (
          select coalesce(jsonb_agg(o.value || jsonb_build_object('benefits', (
              select coalesce(jsonb_agg(g - 'orderIndex'), '[]'::jsonb)
              from answer, jsonb_array_elements(answer.granted) g
              where (g ->> 'orderIndex')::int = o.n - 1)) order by o.n), '[]'::jsonb)
          from jsonb_array_elements(${body}::jsonb -> 'orders') with ordinality o(value, n)))
      where id = ${checkout.checkoutId} and attempt = ${checkout.attempt}
        and (select count(*) from daily) = (select count(*) from sold)
      returning id)
    select (select count(*) from stock) = ${variations} as claimed,
           (select count(*) from completed) = 1 as completed,
           (select granted from answer) as granted`;
}

/**
 * The limited benefits of these products that `isBenefitActive` accepts now and that have
 * units left, by product, in id order.
 */
export async function activeBenefits(
  tx: Tx,
  productIds: number[],
  now: Date,
): Promise<Map<number, number[]>> {
  const rows = await txRows<{
    id: number;
    productId: number;
    availableMaxNum: number;
    distributed: boolean;
    expiryDate: string | null;
  }>(
    tx,
    sql`select id, product_id as "productId", available_max_num as "availableMaxNum",
               distributed, expiry_date::text as "expiryDate"
        from benefits
        where product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and distributed and claimed_count < available_max_num
        order by id`,
  );
  const active = new Map<number, number[]>();
  for (const benefit of rows) {
    const input = {
      available_max_num: benefit.availableMaxNum,
      distributed: benefit.distributed,
      expiry_date: benefit.expiryDate,
    };
    if (!isBenefitActive(input, now)) continue;
    active.set(benefit.productId, [...(active.get(benefit.productId) ?? []), benefit.id]);
  }
  return active;
}
