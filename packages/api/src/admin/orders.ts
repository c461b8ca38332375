import {
  CARRIER_NAMES,
  ORDER_STATES,
  type OrderState,
  orderStateLabel,
  PAYMENT_METHOD_NAMES,
  type PaymentMethodName,
  paymentMethod,
} from '@shop/rules';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
import { shopperText } from '../lib/shopper-text';
import { validate } from '../lib/validate';
import { shipmentSchema, trackingOf } from '../schemas/operator';
import { bundleAddressSchema, orderSchema } from '../schemas/orders';
import { idParamSchema, positiveIntText } from '../schemas/params';
import {
  cancelOrder,
  type OrderView,
  receivePayment,
  shipOrder,
  type Tracking,
} from '../services/orders';
import { ServiceError } from '../services/service-error';
import { type StaffActor, staffAuth, staffOf } from '../staff/access';
import { decodeOrderCursor } from './order-cursor';
import { getAdminOrder, listAdminOrders, type OrderListFilter } from './order-queries';
import { MAX_TRACKING_ROWS, readTrackingCsv } from './tracking-csv';

// /api/admin/orders/: the order list, one order, and the bulk actions (docs/backoffice.md
// "Orders"). Each bulk item goes through the same service as the operator's single action, in
// its own transaction with its own audit entry and mail, so one refused order never blocks the
// others.

/** Items per bulk call or tracking CSV. */
export const MAX_BULK_ITEMS = MAX_TRACKING_ROWS;

const day = (label: string) =>
  z.iso.date({ error: `${label}は2026-04-01のように年-月-日で指定してください` }).optional();

/** Several values of a list as one comma-separated parameter (`state=reserved,preparing`). */
function listOf<T extends string>(
  values: readonly T[],
  label: string,
  labelOf: (value: T) => string,
) {
  return z
    .string()
    .optional()
    .transform((text, context) => {
      const parts = text === undefined || text === '' ? [] : text.split(',');
      const unknown = parts.filter((part) => !(values as readonly string[]).includes(part));
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `${label}は${values.map(labelOf).join('・')}から選んでください`,
        });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[];
    })
    .meta({ description: `Comma-separated: ${values.join(', ')}` });
}

const positiveId = (label: string) =>
  positiveIntText(16, `${label}は1以上の整数で指定してください`).optional();

export const orderListQuerySchema = z.strictObject({
  state: listOf<OrderState>(ORDER_STATES, '注文状態', orderStateLabel),
  paymentMethod: listOf<PaymentMethodName>(
    PAYMENT_METHOD_NAMES,
    '支払方法',
    (name) => paymentMethod(name).verboseName,
  ),
  overdue: z
    .enum(['1', '0'], { error: '入金期限切れだけに絞るかどうかの指定が正しくありません' })
    .optional()
    .meta({ description: '1: only 入金待ち orders past their due date' }),
  releaseFrom: day('発売日（から）'),
  releaseTo: day('発売日（まで）'),
  memberId: positiveId('会員ID'),
  orderNumber: positiveId('ご注文番号'),
  placedFrom: day('注文日（から）'),
  placedTo: day('注文日（まで）'),
  cursor: z.string().max(200, { error: 'ページの指定が正しくありません' }).optional(),
  limit: positiveIntText(3, '件数は1から200の整数で指定してください')
    .pipe(z.number().max(200, { error: '件数は200以下で指定してください' }))
    .optional(),
});

/** The list's filter from its validated query (400 `invalid_cursor` for a forged cursor). */
export function orderListFilterOf(q: z.output<typeof orderListQuerySchema>): OrderListFilter {
  return {
    states: q.state,
    paymentMethods: q.paymentMethod,
    overdue: q.overdue === '1',
    releaseFrom: q.releaseFrom,
    releaseTo: q.releaseTo,
    memberId: q.memberId,
    orderNumber: q.orderNumber,
    placedFrom: q.placedFrom,
    placedTo: q.placedTo,
    cursor: q.cursor === undefined ? undefined : decodeOrderCursor(q.cursor),
    limit: q.limit ?? 50,
  };
}

const orderRowSchema = z.object({
  id: z.int(),
  number: z.string().meta({ description: 'ご注文番号 as the shopper sees it (the order id)' }),
  placedAt: z.iso.datetime(),
  member: z.object({ id: z.int(), name: z.string() }),
  state: z.enum(ORDER_STATES),
  stateLabel: z.string(),
  paymentMethod: z.string(),
  paymentMethodLabel: z.string(),
  total: z.int(),
  amountDue: z.int(),
  paymentDueDate: z.iso.date().nullable(),
  overdue: z.boolean(),
  paid: z.boolean(),
  releaseDate: z.iso.date().nullable(),
  releaseDatePrecision: z.string().nullable(),
  itemCount: z.int().meta({ description: 'Copies in the order (the sum of its quantities)' }),
  bundleId: z.int().nullable(),
});

const orderDetailSchema = z.object({
  order: orderSchema,
  number: z.string(),
  stateLabel: z.string(),
  seller: z
    .object({ name: z.string(), address: z.string(), phone: z.string() })
    .meta({ description: 'Who sells (SELLER_* variables), for the packing slip and 納品書' }),
  tax: z.object({ total: z.int(), ratePercent: z.int(), included: z.int() }).meta({
    description:
      'The total (items, shipping, payment fee; 税込, before points) and the consumption tax it contains',
  }),
  member: z.object({
    id: z.int(),
    name: z.string(),
    email: z.string().nullable(),
    withdrawn: z.boolean(),
  }),
  address: bundleAddressSchema,
  payment: z.object({
    method: z.string(),
    methodLabel: z.string(),
    amountDue: z.int(),
    dueDate: z.iso.date().nullable(),
    overdue: z.boolean(),
    paidAt: z.iso.datetime().nullable(),
    cards: z.array(z.object({ id: z.int(), status: z.string(), amount: z.int() })),
  }),
  history: z.array(
    z.object({
      fromState: z.string().nullable(),
      toState: z.string(),
      actor: z.string(),
      note: z.string(),
      at: z.iso.datetime(),
    }),
  ),
  mails: z.array(
    z.object({
      id: z.int(),
      kind: z.string(),
      state: z.string(),
      createdAt: z.iso.datetime(),
      sentAt: z.iso.datetime().nullable(),
    }),
  ),
  audit: z.array(
    z.object({
      id: z.int(),
      at: z.iso.datetime(),
      actor: z.string(),
      action: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});

const orderIdsSchema = z
  .array(
    z.int({ error: 'ご注文番号は整数で指定してください' }).min(1).max(Number.MAX_SAFE_INTEGER),
    {
      error: 'ご注文番号の一覧を指定してください',
    },
  )
  .min(1, { error: 'ご注文を1件以上選んでください' })
  .max(MAX_BULK_ITEMS, { error: `一度に操作できるのは${MAX_BULK_ITEMS}件までです` });

const bulkPaymentSchema = z.strictObject({ orderIds: orderIdsSchema });
const bulkCancelSchema = z.strictObject({
  orderIds: orderIdsSchema,
  reason: shopperText({ label: 'キャンセル理由', max: 200, required: true }),
});
const bulkShipSchema = z.strictObject({
  shipments: z
    .array(shipmentSchema.and(z.strictObject({ orderId: z.int().min(1) })), {
      error: '発送する注文の一覧を指定してください',
    })
    .min(1, { error: 'ご注文を1件以上選んでください' })
    .max(MAX_BULK_ITEMS, { error: `一度に操作できるのは${MAX_BULK_ITEMS}件までです` }),
});

const bulkResultSchema = z.object({
  results: z.array(
    z.union([
      z.object({ id: z.int(), ok: z.literal(true), order: orderSchema }),
      z.object({ id: z.int(), ok: z.literal(false), code: z.string(), message: z.string() }),
    ]),
  ),
});

export type BulkResult =
  | { id: number; ok: true; order: OrderView }
  | { id: number; ok: false; code: string; message: string };

/** Runs each item's action in turn; a service's refusal is that item's result, anything else throws. */
async function eachOrder<T>(
  items: readonly T[],
  idOf: (item: T) => number,
  act: (item: T) => Promise<OrderView>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const item of items) {
    const id = idOf(item);
    try {
      results.push({ id, ok: true, order: await act(item) });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      results.push({ id, ok: false, code: error.code, message: error.message });
    }
  }
  return results;
}

const shipAll = (
  deps: AppDeps,
  actor: StaffActor,
  shipments: readonly { orderId: number; tracking: Tracking }[],
) =>
  eachOrder(
    shipments,
    (s) => s.orderId,
    (s) => shipOrder(deps, s.orderId, s.tracking, actor),
  );

const BULK_REFUSALS =
  'Per item, never the whole call: `order_not_found`, and what the single action refuses';

const csvRowSchema = z.object({
  line: z.int(),
  orderId: z.int(),
  carrier: z.enum(CARRIER_NAMES as [string, ...string[]]),
  trackingNumber: z.string(),
});

export function adminOrderRoutes(deps: AppDeps) {
  const read = staffAuth(deps, 'read');
  const write = staffAuth(deps, 'write');
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'admin',
        summary:
          'The orders, newest first, filtered (state, payment method, 入金待ち past due, release days, member, order number, placed days), one keyset page',
        access: 'staff:read',
        response: z.object({ items: z.array(orderRowSchema), nextCursor: z.string().nullable() }),
        errors: { 400: '`invalid_query`, `invalid_cursor`' },
      }),
      read,
      validate('query', orderListQuerySchema),
      async (c) => c.json(await listAdminOrders(deps, orderListFilterOf(c.req.valid('query')))),
    )
    .get(
      '/:id/',
      documented({
        tag: 'admin',
        summary:
          'One order: the shopper view (items, amounts, tracking), member, address, payment, state history, its mails and its audit entries (what the packing slip and 納品書 print)',
        access: 'staff:read',
        response: orderDetailSchema,
        errors: { 404: '`order_not_found`' },
      }),
      read,
      validate('param', idParamSchema),
      async (c) => c.json(await getAdminOrder(deps, c.req.valid('param').id)),
    )
    .post(
      '/bulk/payment-received/',
      documented({
        tag: 'admin',
        summary:
          'Record the bank payment of each order (入金確認): one transaction, audit entry and ご入金確認のお知らせ per order',
        access: 'staff:write',
        response: bulkResultSchema,
        errors: { 409: BULK_REFUSALS },
      }),
      write,
      validate('json', bulkPaymentSchema),
      async (c) => {
        const actor = staffOf(c);
        return c.json({
          results: await eachOrder(
            c.req.valid('json').orderIds,
            (id) => id,
            (id) => receivePayment(deps, id, actor),
          ),
        });
      },
    )
    .post(
      '/bulk/ship/',
      documented({
        tag: 'admin',
        summary:
          'Ship each order with its carrier and tracking number (a bundled order ships its bundle): one audit entry and 発送のお知らせ per parcel',
        access: 'staff:write',
        response: bulkResultSchema,
        errors: { 409: BULK_REFUSALS },
      }),
      write,
      validate('json', bulkShipSchema),
      async (c) => {
        const shipments = c.req.valid('json').shipments.map((s) => ({
          orderId: s.orderId,
          tracking: trackingOf(s),
        }));
        return c.json({ results: await shipAll(deps, staffOf(c), shipments) });
      },
    )
    .post(
      '/bulk/cancel/',
      documented({
        tag: 'admin',
        summary:
          'Cancel each order with a reason (stock, benefits and points come back): one audit entry and ご注文キャンセルのお知らせ per order',
        access: 'staff:write',
        response: bulkResultSchema,
        errors: { 409: BULK_REFUSALS },
      }),
      write,
      validate('json', bulkCancelSchema),
      async (c) => {
        const { orderIds, reason } = c.req.valid('json');
        const actor = staffOf(c);
        return c.json({
          results: await eachOrder(
            orderIds,
            (id) => id,
            (id) => cancelOrder(deps, id, 'operator', { actor, reason }),
          ),
        });
      },
    )
    .post(
      '/tracking-csv/',
      documented({
        tag: 'admin',
        summary:
          'Ship the orders of a tracking CSV (text/csv: `order_number,carrier,tracking_number`, carrier as code or Japanese name): every row is checked first and with any bad row nothing ships; `?dryRun=1` only checks',
        access: 'staff:write',
        parsedBy: 'the handler (a text/csv body, RFC 4180)',
        query: z.object({ dryRun: z.enum(['1']).optional() }),
        response: z.object({
          dryRun: z.boolean(),
          rows: z.array(csvRowSchema),
          results: bulkResultSchema.shape.results.meta({
            description: 'One per row in file order (empty for a dry run)',
          }),
        }),
        errors: {
          400: '`invalid_csv` with one detail per bad line (`path` `lines.<n>.<field>`, `code` `unknown_order`, `duplicate_order`, `order_not_shippable`, `unknown_carrier`, `tracking_number`, `csv_header`, `csv_syntax`, `csv_columns`, `csv_empty`, `csv_too_many_rows`)',
          409: BULK_REFUSALS,
        },
      }),
      write,
      async (c) => {
        const checked = await readTrackingCsv(deps, await c.req.text());
        if (!checked.ok) {
          throw new ApiError(
            400,
            'invalid_csv',
            'CSVに誤りがあります。該当する行を直して、もう一度アップロードしてください（何も発送していません）。',
            checked.details,
          );
        }
        const rows = checked.rows.map((r) => ({ line: r.line, orderId: r.orderId, ...r.tracking }));
        if (c.req.query('dryRun') === '1') return c.json({ dryRun: true, rows, results: [] });
        return c.json({
          dryRun: false,
          rows,
          results: await shipAll(deps, staffOf(c), checked.rows),
        });
      },
    );
}
