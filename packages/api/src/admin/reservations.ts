import { jstToday, RELEASE_DATE_PRECISIONS, type ReleaseDatePrecision } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { priceBodySchema, releaseDateSchema } from '../schemas/operator';
import { idParamSchema } from '../schemas/params';
import { changeReleaseDate } from '../services/orders';
import { decidePrice } from '../services/price-decision';
import { staffAuth, staffOf } from '../staff/access';
import { stringifyCsv } from './csv';

// Pre-orders in the back office (docs/backoffice.md "Pre-orders"): 予約集計, the copies each
// title and edition has reserved (the number a pre-order shop orders from its publishers), and
// the two decisions a reservation waits for: its price (価格未定) and its release date (延期).

/** The order states whose reservations are still to be delivered. */
const OPEN_STATES = ['reserved', 'awaiting_payment', 'preparing', 'bundled'] as const;

/** Rows one summary answers at most: a season of releases. */
export const MAX_SUMMARY_ROWS = 2000;

export interface ReservationSummaryRow {
  productId: number;
  title: string;
  variationId: number;
  variationName: string;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision;
  /** 価格未定: a reservable variation with no price yet. */
  priceUndecided: boolean;
  unitPrice: number | null;
  stock: number;
  /** Copies in open orders (reserved, 入金待ち, 発送準備中, おまとめ済み). */
  reservedQuantity: number;
  orderCount: number;
  /** Copies per open state. */
  byState: { reserved: number; awaitingPayment: number; preparing: number; bundled: number };
  /** Copies of orders already paid (transfers received; cards are charged at shipping). */
  paidQuantity: number;
}

export const summaryQuerySchema = z.strictObject({
  releaseFrom: z.iso
    .date({ error: '発売日（から）は2026-04-01のように年-月-日で指定してください' })
    .optional()
    .meta({ description: 'Default: today in Japan' }),
  releaseTo: z.iso
    .date({ error: '発売日（まで）は2026-04-01のように年-月-日で指定してください' })
    .optional(),
  q: z.string().max(100, { error: '検索語は100文字以内で指定してください' }).optional(),
  format: z.enum(['json', 'csv'], { error: '出力形式はJSONかCSVで指定してください' }).optional(),
});

/**
 * The reservations of every reservable edition released in the days asked (from today by
 * default), or holding open reservations, by release day then title.
 */
export async function reservationSummary(
  deps: AppDeps,
  query: {
    releaseFrom?: string | undefined;
    releaseTo?: string | undefined;
    q?: string | undefined;
  },
): Promise<ReservationSummaryRow[]> {
  const from = query.releaseFrom ?? jstToday(deps.now());
  const release = sql`coalesce(v.sell_start_date, p.sell_start_date)`;
  const rows = await txRows<
    Omit<ReservationSummaryRow, 'byState'> & Record<(typeof OPEN_STATES)[number], number>
  >(
    deps.db.orm,
    sql`with held as (
          select i.variation_id, o.status, d.paid_at is not null as paid, i.quantity, i.order_id
          from order_items i join orders o on o.id = i.order_id join order_details d on d.order_id = i.order_id
          where i.is_reservation and o.status in (${sql.join(
            OPEN_STATES.map((s) => sql`${s}`),
            sql`, `,
          )})
        )
        select p.id as "productId", p.title, v.id as "variationId", v.name as "variationName",
               ${release}::text as "releaseDate", p.release_date_precision as "releaseDatePrecision",
               (v.can_reserve and coalesce(v.unit_price, 0) = 0) as "priceUndecided",
               v.unit_price as "unitPrice", v.stock_quantity as stock,
               coalesce(sum(h.quantity), 0)::int as "reservedQuantity",
               count(distinct h.order_id)::int as "orderCount",
               ${sql.join(
                 OPEN_STATES.map(
                   (s) =>
                     sql`coalesce(sum(h.quantity) filter (where h.status = ${s}), 0)::int as ${sql.identifier(s)}`,
                 ),
                 sql`, `,
               )},
               coalesce(sum(h.quantity) filter (where h.paid), 0)::int as "paidQuantity"
        from variations v join products p on p.id = v.product_id
          left join held h on h.variation_id = v.id
        where ${release} >= ${from}
          ${query.releaseTo === undefined ? sql`` : sql`and ${release} <= ${query.releaseTo}`}
          ${query.q === undefined || query.q === '' ? sql`` : sql`and p.title ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`}`}
        group by p.id, v.id
        having v.can_reserve or count(h.order_id) > 0
        order by ${release}, p.title, v.position, v.id
        limit ${MAX_SUMMARY_ROWS}`,
  );
  return rows.map(({ reserved, awaiting_payment, preparing, bundled, ...row }) => ({
    ...row,
    byState: { reserved, awaitingPayment: awaiting_payment, preparing, bundled },
  }));
}

const CSV_HEADER = [
  'product_id',
  'title',
  'variation_id',
  'variation',
  'release_date',
  'release_date_precision',
  'price_undecided',
  'unit_price',
  'stock',
  'reserved_quantity',
  'orders',
  'reserved',
  'awaiting_payment',
  'preparing',
  'bundled',
  'paid_quantity',
] as const;

const summaryRowSchema = z.object({
  productId: z.int(),
  title: z.string(),
  variationId: z.int(),
  variationName: z.string(),
  releaseDate: z.iso.date().nullable(),
  releaseDatePrecision: z.enum(RELEASE_DATE_PRECISIONS),
  priceUndecided: z.boolean(),
  unitPrice: z.int().nullable(),
  stock: z.int(),
  reservedQuantity: z.int(),
  orderCount: z.int(),
  byState: z.object({
    reserved: z.int(),
    awaitingPayment: z.int(),
    preparing: z.int(),
    bundled: z.int(),
  }),
  paidQuantity: z.int(),
});

/** /api/admin/reservations/: 予約集計 (JSON or CSV). */
export function adminReservationRoutes(deps: AppDeps) {
  return new Hono().get(
    '/summary/',
    documented({
      tag: 'admin',
      summary:
        '予約集計: per title and edition released from `releaseFrom` (today by default) to `releaseTo` (and `q` in the title), the copies in open orders, by state and paid, with stock, price undecided and release; `?format=csv` downloads it (UTF-8 with BOM)',
      access: 'staff:read',
      response: z.object({ items: z.array(summaryRowSchema) }),
      errors: { 400: '`invalid_query`' },
    }),
    staffAuth(deps, 'read'),
    validate('query', summaryQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const items = await reservationSummary(deps, query);
      if (query.format !== 'csv') return c.json({ items });
      const cell = (value: string | number | boolean | null) =>
        value === null ? '' : String(value);
      const csv = stringifyCsv([
        CSV_HEADER,
        ...items.map((r) =>
          [
            r.productId,
            r.title,
            r.variationId,
            r.variationName,
            r.releaseDate,
            r.releaseDatePrecision,
            r.priceUndecided,
            r.unitPrice,
            r.stock,
            r.reservedQuantity,
            r.orderCount,
            r.byState.reserved,
            r.byState.awaitingPayment,
            r.byState.preparing,
            r.byState.bundled,
            r.paidQuantity,
          ].map(cell),
        ),
      ]);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header(
        'content-disposition',
        `attachment; filename="reservations-${query.releaseFrom ?? jstToday(deps.now())}.csv"`,
      );
      return c.body(csv);
    },
  );
}

/** /api/admin/variations/:id/price/: decide a 価格未定 price, as the operator route does. */
export function adminPriceRoutes(deps: AppDeps) {
  return new Hono().post(
    '/:id/price/',
    documented({
      tag: 'admin',
      summary:
        "Decide a 価格未定 variation's price (as POST /api/operator/variations/{id}/price/: open orders quoted again, 価格決定のお知らせ, cards authorised), with an audit entry",
      access: 'staff:write',
      response: z.object({
        variationId: z.int(),
        unitPrice: z.int(),
        ordersPriced: z.int(),
        notices: z.int(),
        cardsAuthorised: z.int(),
        cardsFailed: z.int(),
      }),
      errors: {
        404: '`variation_not_found`',
        409: '`price_already_decided`, `not_undecided`',
      },
    }),
    staffAuth(deps, 'write'),
    validate('param', idParamSchema),
    validate('json', priceBodySchema),
    async (c) => {
      const { unitPrice, pointValue } = c.req.valid('json');
      return c.json(
        await decidePrice(deps, c.req.valid('param').id, unitPrice, pointValue, staffOf(c)),
      );
    },
  );
}

/** /api/admin/products/:id/release-date/: postpone (or fix) a release, as the operator does. */
export function adminReleaseDateRoutes(deps: AppDeps) {
  return new Hono().post(
    '/:id/release-date/',
    documented({
      tag: 'admin',
      summary:
        'Change a release date and its precision (as POST /api/operator/products/{id}/release-date/: open reservations move, 発売延期のお知らせ), with an audit entry',
      access: 'staff:write',
      response: z.object({
        productId: z.int(),
        previousDate: z.iso.date().nullable(),
        previousPrecision: z.enum(RELEASE_DATE_PRECISIONS),
        newDate: z.iso.date(),
        newPrecision: z.enum(RELEASE_DATE_PRECISIONS),
        ordersUpdated: z.int(),
      }),
      errors: { 404: '`product_not_found`', 409: '`release_date_unchanged`' },
    }),
    staffAuth(deps, 'write'),
    validate('param', idParamSchema),
    validate('json', releaseDateSchema),
    async (c) => {
      const { releaseDate, precision, reason } = c.req.valid('json');
      return c.json(
        await changeReleaseDate(
          deps,
          c.req.valid('param').id,
          { date: releaseDate, precision, reason },
          staffOf(c),
        ),
      );
    },
  );
}
