import { timingSafeEqual } from 'node:crypto';
import { RELEASE_DATE_PRECISIONS } from '@shop/rules';
import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { priceDecisionRoute, releaseDateRoute } from '../admin/reservations';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { shipmentSchema, stockBodySchema, trackingOf } from '../schemas/operator';
import { bundleViewSchema, orderSchema } from '../schemas/orders';
import { idParamSchema } from '../schemas/params';
import { getBundle } from '../services/bundles';
import { cancelOrder, receivePayment, shipBundle, shipOrder } from '../services/orders';
import { setStock } from '../services/restock';
import { staffAuth, staffOf } from '../staff/access';

const MESSAGES = {
  disabled: '運用操作は無効です。',
  unauthorized: '運用トークンが正しくありません。',
} as const;

/** Bearer authentication with the configured operator token (constant-time comparison). */
export function operatorAuth(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const token = deps.config.commerce.operatorToken;
    if (token === undefined) throw new ApiError(404, 'not_found', MESSAGES.disabled);
    const header = c.req.header('authorization') ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'operator_unauthorized', MESSAGES.unauthorized);
    }
    await next();
  };
}

const TRACKING_REFUSED =
  '`invalid_json`: an unknown carrier or a tracking number not of that carrier (`tracking_number`)';
const CAPTURE_FAILED = '`capture_failed`: the card gateway refused the capture';

/** The description of an operator's action on one order: its summary and its own refusals. */
function orderAction(summary: string, errors: Record<number, string>) {
  return documented({
    tag: 'operator',
    summary,
    access: 'staff:write',
    response: orderSchema,
    errors: { 404: '`order_not_found`', ...errors },
  });
}

/**
 * /api/operator/: what the shop's staff do, authenticated as staff who may write
 * (`Authorization: Bearer` a staff API token, or the legacy OPERATOR_TOKEN; no session, so no
 * CSRF), each write audited under its actor: ship an order or a bundle (carrier and tracking
 * number), record a bank payment, cancel an order, change a product's release date and its
 * precision, set a variation's stock, decide a 価格未定 variation's price. The same operations
 * run from the CLI (`pnpm --filter @shop/api operator ...`).
 */
export function operatorRoutes(deps: AppDeps) {
  // Per route rather than `.use()`: a path no route serves is a 404 with or without the token.
  const operator = staffAuth(deps, 'write');
  return new Hono()
    .post(
      '/orders/:id/ship/',
      orderAction(
        'Ship an order with its carrier and tracking number: captures its card payment, grants its points, mails 発送のお知らせ (an order in a bundle ships the bundle)',
        {
          400: TRACKING_REFUSED,
          409: '`order_not_shippable`, `not_released`, `unpaid`, `price_pending` (価格未定, or its card not yet authorised), `bundle_not_shippable`',
          502: CAPTURE_FAILED,
        },
      ),
      operator,
      validate('param', idParamSchema),
      validate('json', shipmentSchema),
      async (c) =>
        c.json(
          await shipOrder(
            deps,
            c.req.valid('param').id,
            trackingOf(c.req.valid('json')),
            staffOf(c),
          ),
        ),
    )
    .post(
      '/bundles/:id/ship/',
      documented({
        tag: 'operator',
        summary:
          'Ship a bundle as one parcel with its carrier and tracking number: lowers and captures each card payment, grants every order its points, mails 発送のお知らせ',
        access: 'staff:write',
        response: bundleViewSchema,
        errors: {
          400: TRACKING_REFUSED,
          404: '`bundle_not_found`',
          409: '`bundle_not_shippable`, `not_released`, `unpaid`',
          502: CAPTURE_FAILED,
        },
      }),
      operator,
      validate('param', idParamSchema),
      validate('json', shipmentSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await shipBundle(deps, id, trackingOf(c.req.valid('json')), staffOf(c));
        return c.json(await getBundle(deps, null, id));
      },
    )
    .post(
      '/orders/:id/payment-received/',
      orderAction(
        'Record a bank transfer or Yucho payment (awaiting_payment → preparing), mails ご入金確認のお知らせ',
        {
          409: '`not_awaiting_payment`',
        },
      ),
      operator,
      validate('param', idParamSchema),
      async (c) => c.json(await receivePayment(deps, c.req.valid('param').id, staffOf(c))),
    )
    .post(
      '/orders/:id/cancel/',
      orderAction(
        'Cancel an order before shipment (stock, benefits and points come back), mails ご注文キャンセルのお知らせ',
        {
          409: '`order_not_cancellable`, `order_in_bundle`',
        },
      ),
      operator,
      validate('param', idParamSchema),
      async (c) =>
        c.json(
          await cancelOrder(deps, c.req.valid('param').id, 'operator', {
            actor: staffOf(c),
            reason: '',
          }),
        ),
    )
    .route(
      '/products/',
      releaseDateRoute(deps, {
        tag: 'operator',
        summary:
          'Change a release date (発売延期): recorded for the delay list, open reservations move, and each member holding one is mailed 発売延期のお知らせ with a free cancellation link per order',
        access: 'staff:write',
        response: z.object({
          productId: z.int(),
          previousDate: z.iso.date().nullable(),
          previousPrecision: z.enum(RELEASE_DATE_PRECISIONS),
          newDate: z.iso
            .date()
            .meta({ description: 'A month part or a month is stored as its first day' }),
          newPrecision: z.enum(RELEASE_DATE_PRECISIONS),
          ordersUpdated: z.int(),
        }),
        errors: {
          404: '`product_not_found`',
          409: '`release_date_unchanged` (the same date and precision again; nothing recorded)',
        },
      }),
    )
    .post(
      '/variations/:id/stock/',
      documented({
        tag: 'operator',
        summary:
          "Set a variation's stock; from none to some, every member waiting for it is mailed 再入荷のお知らせ once, in the same transaction",
        access: 'staff:write',
        response: z.object({
          variationId: z.int(),
          productId: z.int(),
          previousStock: z.int(),
          stock: z.int(),
          restockNotices: z
            .int()
            .meta({ description: '再入荷のお知らせ queued (their requests are spent)' }),
        }),
        errors: { 404: '`variation_not_found`' },
      }),
      operator,
      validate('param', idParamSchema),
      validate('json', stockBodySchema),
      async (c) => c.json(await setStock(deps, c.req.valid('param').id, c.req.valid('json').stock)),
    )
    .route(
      '/variations/',
      priceDecisionRoute(deps, {
        tag: 'operator',
        summary:
          "Decide a 価格未定 variation's price: every open order holding it is quoted again with checkout's pricing, each member is mailed 価格決定のお知らせ (new total, free cancellation deadline, cancel link) in the same transaction, then the card orders are authorised with their saved card (a refused card cancels the order, stock back, and says so by mail)",
        access: 'staff:write',
        response: z.object({
          variationId: z.int(),
          unitPrice: z.int(),
          ordersPriced: z.int().meta({ description: 'Open orders with no 価格未定 item left' }),
          notices: z.int().meta({ description: '価格決定のお知らせ queued, one per member' }),
          cardsAuthorised: z.int(),
          cardsFailed: z.int().meta({ description: 'Card orders cancelled: the card was refused' }),
        }),
        errors: {
          404: '`variation_not_found`',
          409: '`price_already_decided` (deciding twice changes nothing), `not_undecided` (not a reservable item)',
        },
      }),
    );
}
