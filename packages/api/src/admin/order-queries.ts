import {
  CONSUMPTION_TAX_PERCENT,
  includedConsumptionTax,
  isPaymentOverdue,
  jstToday,
  ORDER_STATE_LABELS,
  type OrderState,
  type PaymentMethodName,
  paymentMethod,
  type ReleaseDatePrecision,
} from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { SellerConfig } from '../config/commerce';
import type { AddressSnapshot } from '../db/schema/orders';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { isoInstantSql } from '../lib/sql-instant';
import { getOrder, type OrderView } from '../services/orders';
import { encodeOrderCursor, type OrderCursor } from './order-cursor';

// What the back office reads of orders: the list with its filters and keyset pages, and one
// order with everything that happened to it. docs/backoffice.md "Orders" tells the shapes; the
// indexes these queries walk are in drizzle/ (admin order list) and their plans in
// docs/performance.md.

/** The filters of GET /api/admin/orders/ (each optional; several states or methods are ORed). */
export interface OrderListFilter {
  states: readonly OrderState[];
  paymentMethods: readonly PaymentMethodName[];
  /** Only 入金待ち orders past their due date (not paid, due before today in Japan). */
  overdue: boolean;
  /** The JST release day of the order's items, inclusive. */
  releaseFrom?: string | undefined;
  releaseTo?: string | undefined;
  memberId?: number | undefined;
  /** ご注文番号: the order's id, as the shopper's pages and mails show it. */
  orderNumber?: number | undefined;
  /** JST days the order was placed on, inclusive. */
  placedFrom?: string | undefined;
  placedTo?: string | undefined;
  cursor?: OrderCursor | undefined;
  limit: number;
}

/** One row of the order list. */
export interface OrderListRow {
  id: number;
  /** ご注文番号 as the shopper sees it. */
  number: string;
  placedAt: string;
  member: { id: number; name: string };
  state: OrderState;
  stateLabel: string;
  paymentMethod: string;
  paymentMethodLabel: string;
  total: number;
  amountDue: number;
  paymentDueDate: string | null;
  /** 入金待ち past its due date (the due-date job cancels it). */
  overdue: boolean;
  paid: boolean;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  /** Copies in the order (the quantities of its lines). */
  itemCount: number;
  bundleId: number | null;
}

/** 00:00 JST of a `yyyy-MM-dd` day, as an instant. */
const jstMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The conditions of every filter but the state (`o` orders, `d` order_details). */
function conditions(filter: OrderListFilter, today: string): SQL[] {
  const where: SQL[] = [];
  if (filter.paymentMethods.length > 0) {
    where.push(
      sql`d.payment_method in (${sql.join(
        filter.paymentMethods.map((m) => sql`${m}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.overdue) {
    // The shape of the partial index order_details_payment_due_idx.
    where.push(
      sql`o.status = 'awaiting_payment' and d.paid_at is null and d.payment_due_date is not null and d.payment_due_date < ${today}`,
    );
  }
  if (filter.releaseFrom !== undefined) where.push(sql`d.release_date >= ${filter.releaseFrom}`);
  if (filter.releaseTo !== undefined) where.push(sql`d.release_date <= ${filter.releaseTo}`);
  if (filter.memberId !== undefined) where.push(sql`d.member_id = ${filter.memberId}`);
  if (filter.orderNumber !== undefined) where.push(sql`o.id = ${filter.orderNumber}`);
  if (filter.placedFrom !== undefined) {
    where.push(sql`o.placed_at >= ${jstMidnight(filter.placedFrom).toISOString()}`);
  }
  if (filter.placedTo !== undefined) {
    where.push(sql`o.placed_at < ${jstMidnight(nextDay(filter.placedTo)).toISOString()}`);
  }
  if (filter.cursor !== undefined) {
    where.push(
      sql`(o.placed_at, o.id) < (${filter.cursor.placedAt}::timestamptz, ${filter.cursor.id}::bigint)`,
    );
  }
  return where;
}

/** The keys of one page (one more than asked, to know whether another page follows). */
function pageKeys(where: SQL[], limit: number): SQL {
  const clause = where.length === 0 ? sql`true` : sql.join(where, sql` and `);
  return sql`select o.id, o.placed_at from orders o join order_details d on d.order_id = o.id
    where ${clause} order by o.placed_at desc, o.id desc limit ${limit + 1}`;
}

/** A row as orderListSql reads it. */
type ListedRow = Omit<OrderListRow, 'number' | 'stateLabel' | 'paymentMethodLabel' | 'member'> & {
  memberId: number;
  memberName: string;
  cursorAt: string;
};

/**
 * The SQL of a page of orders, newest first (bench/admin-orders.ts prints its plans). Several
 * states are read as one newest-first walk per state (each on the index
 * orders_status_placed_idx) merged and cut to the page: a single scan with `status in (...)`
 * would read every order of the common states before sorting them.
 */
export function orderListSql(filter: OrderListFilter, today: string): SQL {
  const where = conditions(filter, today);
  // Past due is a kind of 入金待ち: walk that state's orders, a set the due-date job keeps to a
  // few days of transfers, rather than every order past a date the planner cannot count.
  const states = filter.overdue
    ? filter.states.length === 0 || filter.states.includes('awaiting_payment')
      ? (['awaiting_payment'] as const)
      : []
    : filter.states;
  if (filter.overdue && states.length === 0) where.push(sql`false`);
  const keys =
    states.length === 0
      ? pageKeys(where, filter.limit)
      : sql`select id, placed_at from (${sql.join(
          states.map(
            (state) => sql`(${pageKeys([...where, sql`o.status = ${state}`], filter.limit)})`,
          ),
          sql` union all `,
        )}) k order by placed_at desc, id desc limit ${filter.limit + 1}`;
  return sql`with page as (${keys})
        select o.id::int as id, ${isoInstantSql('o.placed_at')} as "placedAt",
               to_char(o.placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
               d.member_id as "memberId", m.name as "memberName", o.status as state,
               d.payment_method as "paymentMethod", o.total, d.amount_due as "amountDue",
               d.payment_due_date::text as "paymentDueDate",
               (o.status = 'awaiting_payment' and d.paid_at is null and d.payment_due_date < ${today}) as overdue,
               d.paid_at is not null as paid,
               d.release_date::text as "releaseDate", d.release_date_precision as "releaseDatePrecision",
               (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as "itemCount",
               d.bundle_id::int as "bundleId"
        from page join orders o on o.id = page.id join order_details d on d.order_id = o.id
          join members m on m.id = d.member_id
        order by o.placed_at desc, o.id desc`;
}

/** A page of orders and the cursor of the next (null on the last page). */
export async function listAdminOrders(
  deps: AppDeps,
  filter: OrderListFilter,
): Promise<{ items: OrderListRow[]; nextCursor: string | null }> {
  const query = orderListSql(filter, jstToday(deps.now()));
  const rows = await deps.db.orm.transaction(async (tx) => {
    // A page is a short index walk: starting parallel workers costs more than the walk (it
    // tripled the p95 of the release filter on a loaded machine, docs/performance.md).
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return txRows<ListedRow>(tx, query);
  });
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ memberId, memberName, cursorAt: _, ...row }) => ({
      ...row,
      number: String(row.id),
      member: { id: memberId, name: memberName },
      stateLabel: ORDER_STATE_LABELS[row.state],
      paymentMethodLabel: paymentMethod(row.paymentMethod)?.verboseName ?? row.paymentMethod,
    })),
    nextCursor:
      rows.length > filter.limit && last !== undefined
        ? encodeOrderCursor({ placedAt: last.cursorAt, id: last.id })
        : null,
  };
}

/** One order as the back office shows it: the shopper's view and what only the shop sees. */
export interface AdminOrderDetail {
  /** What the shopper's GET /api/orders/{id}/ answers (items, amounts, tracking, benefits). */
  order: OrderView;
  number: string;
  stateLabel: string;
  /** Who sells, for the packing slip's and 納品書's header (SELLER_* variables). */
  seller: SellerConfig;
  /**
   * What the 納品書 states of the tax: the order's total (items, shipping and payment fee, all
   * 税込, before points) and the consumption tax it contains (@shop/rules includedConsumptionTax).
   */
  tax: { total: number; ratePercent: number; included: number };
  member: { id: number; name: string; email: string | null; withdrawn: boolean };
  /** Where it ships, as frozen at checkout. */
  address: AddressSnapshot;
  payment: {
    method: string;
    methodLabel: string;
    amountDue: number;
    dueDate: string | null;
    overdue: boolean;
    paidAt: string | null;
    /** The card payments at the gateway (none for other methods). */
    cards: { id: number; status: string; amount: number }[];
  };
  history: { fromState: string | null; toState: string; actor: string; note: string; at: string }[];
  /** The mails queued for it (the outbox rows naming it), oldest first. */
  mails: { id: number; kind: string; state: string; createdAt: string; sentAt: string | null }[];
  /** The staff writes on it, oldest first. */
  audit: {
    id: number;
    at: string;
    actor: string;
    action: string;
    before: unknown;
    after: unknown;
  }[];
}

const taxOf = (total: number) => ({
  total,
  ratePercent: CONSUMPTION_TAX_PERCENT,
  included: includedConsumptionTax(total),
});

/** One order with its member, payment, history, mails and audit entries (404 when unknown). */
export async function getAdminOrder(deps: AppDeps, orderId: number): Promise<AdminOrderDetail> {
  const order = await getOrder(deps, null, orderId);
  const db = deps.db.orm;
  const [extra] = await txRows<{
    memberId: number;
    name: string;
    email: string | null;
    withdrawn: boolean;
    address: AddressSnapshot;
    paymentDueDate: string | null;
  }>(
    db,
    sql`select d.member_id as "memberId", m.name, m.email, m.withdrawn_at is not null as withdrawn,
               d.address, d.payment_due_date::text as "paymentDueDate"
        from order_details d join members m on m.id = d.member_id where d.order_id = ${orderId}`,
  );
  if (extra === undefined) throw new Error(`order ${orderId} has no details`);
  const cards = await txRows<AdminOrderDetail['payment']['cards'][number]>(
    db,
    sql`select id::int as id, status, amount from payments where order_id = ${orderId} order by id`,
  );
  const history = await txRows<AdminOrderDetail['history'][number]>(
    db,
    sql`select from_state as "fromState", to_state as "toState", actor, note, ${isoInstantSql('at')} as at
        from order_state_history where order_id = ${orderId} order by id`,
  );
  const mails = await txRows<AdminOrderDetail['mails'][number]>(
    db,
    sql`select id::int as id, kind, state, ${isoInstantSql('created_at')} as "createdAt",
               ${isoInstantSql('sent_at')} as "sentAt"
        from notification_outbox
        where member_id = ${extra.memberId}
          and (payload->>'orderId' = ${String(orderId)} or payload->'orderIds' @> ${JSON.stringify([orderId])}::jsonb)
        order by id`,
  );
  const audit = await txRows<AdminOrderDetail['audit'][number]>(
    db,
    sql`select id::int as id, ${isoInstantSql('at')} as at, actor, action, before, after
        from audit_log where target_type = 'order' and target_id = ${String(orderId)} order by id`,
  );
  return {
    order,
    number: String(order.id),
    stateLabel: ORDER_STATE_LABELS[order.state],
    seller: deps.config.commerce.seller,
    tax: taxOf(order.subtotal + order.shippingFee + order.paymentFee),
    member: {
      id: extra.memberId,
      name: extra.name,
      email: extra.email,
      withdrawn: extra.withdrawn,
    },
    address: extra.address,
    payment: {
      method: order.paymentMethod,
      methodLabel: paymentMethod(order.paymentMethod)?.verboseName ?? order.paymentMethod,
      amountDue: order.amountDue,
      dueDate: extra.paymentDueDate,
      overdue:
        order.state === 'awaiting_payment' &&
        order.paidAt === null &&
        extra.paymentDueDate !== null &&
        isPaymentOverdue(extra.paymentDueDate, deps.now()),
      paidAt: order.paidAt,
      cards,
    },
    history,
    mails,
    audit,
  };
}
