import { timingSafeEqual } from 'node:crypto';
import {
  CARRIER_NAMES,
  CARRIERS,
  isCarrier,
  normalizeTrackingNumber,
  RELEASE_DATE_PRECISIONS,
} from '@shop/rules';
import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { idParamSchema } from '../accounts/params';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { shopperText } from '../lib/shopper-text';
import { validate } from '../lib/validate';
import { getBundle } from '../services/bundles';
import {
  cancelOrder,
  changeReleaseDate,
  receivePayment,
  shipBundle,
  shipOrder,
  type Tracking,
} from '../services/orders';

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

export const releaseDateSchema = z.strictObject({
  releaseDate: z.iso.date({ error: '発売日は YYYY-MM-DD の形式で指定してください' }),
  /** How much of the date is known; a month part or a month is stored as its first day. */
  precision: z
    .enum(RELEASE_DATE_PRECISIONS, { error: '精度は day, month_part, month のいずれかです' })
    .default('day'),
  reason: shopperText({ label: '理由', max: 200, required: false }).default(''),
});

/**
 * How the parcel travels: a carrier of @shop/rules CARRIERS and a tracking number of that
 * carrier's length (hyphens, spaces and full-width digits as the slip prints them).
 */
export const shipmentSchema = z
  .strictObject({
    carrier: z.enum(CARRIER_NAMES as [string, ...string[]], {
      error: `配送業者は ${CARRIER_NAMES.join(', ')} のいずれかです`,
    }),
    trackingNumber: z.string({ error: '追跡番号を入力してください' }).max(40, {
      error: '追跡番号が長すぎます',
    }),
  })
  .superRefine((value, context) => {
    if (!isCarrier(value.carrier)) return;
    if (normalizeTrackingNumber(value.carrier, value.trackingNumber) === null) {
      const { label, digits } = CARRIERS[value.carrier];
      context.addIssue({
        code: 'custom',
        path: ['trackingNumber'],
        message: `追跡番号は${label}の${digits.join('桁・')}桁の数字で入力してください`,
        params: { code: 'tracking_number' },
      });
    }
  });

/** The validated shipment as the services take it: the carrier and the normalised number. */
export function trackingOf(shipment: z.infer<typeof shipmentSchema>): Tracking {
  const { carrier, trackingNumber } = shipment;
  // The schema accepted both: a carrier, and a number normalizeTrackingNumber reads.
  if (!isCarrier(carrier)) throw new Error(`unchecked carrier ${carrier}`);
  const normalized = normalizeTrackingNumber(carrier, trackingNumber);
  if (normalized === null) throw new Error('unchecked tracking number');
  return { carrier, trackingNumber: normalized };
}

/**
 * /api/operator/: what the shop's staff do, authenticated by `Authorization: Bearer
 * <OPERATOR_TOKEN>` (no session, so no CSRF): ship an order or a bundle (carrier and tracking
 * number), record a bank payment, cancel an
 * order, change a product's release date and its precision. The same operations run from the CLI
 * (`pnpm --filter @shop/api operator ...`).
 */
export function operatorRoutes(deps: AppDeps) {
  // Per route rather than `.use()`: a path no route serves is a 404 with or without the token.
  const operator = operatorAuth(deps);
  return new Hono()
    .post(
      '/orders/:id/ship/',
      operator,
      validate('param', idParamSchema),
      validate('json', shipmentSchema),
      async (c) =>
        c.json(await shipOrder(deps, c.req.valid('param').id, trackingOf(c.req.valid('json')))),
    )
    .post(
      '/bundles/:id/ship/',
      operator,
      validate('param', idParamSchema),
      validate('json', shipmentSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await shipBundle(deps, id, trackingOf(c.req.valid('json')));
        return c.json(await getBundle(deps, null, id));
      },
    )
    .post('/orders/:id/payment-received/', operator, validate('param', idParamSchema), async (c) =>
      c.json(await receivePayment(deps, c.req.valid('param').id)),
    )
    .post('/orders/:id/cancel/', operator, validate('param', idParamSchema), async (c) =>
      c.json(await cancelOrder(deps, c.req.valid('param').id, 'operator')),
    )
    .post(
      '/products/:id/release-date/',
      operator,
      validate('param', idParamSchema),
      validate('json', releaseDateSchema),
      async (c) => {
        const { releaseDate, precision, reason } = c.req.valid('json');
        return c.json(
          await changeReleaseDate(deps, c.req.valid('param').id, {
            date: releaseDate,
            precision,
            reason,
          }),
        );
      },
    );
}
