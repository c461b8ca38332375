import { timingSafeEqual } from 'node:crypto';
import { RELEASE_DATE_PRECISIONS } from '@shop/rules';
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
  releaseDate: z.iso.date({ error: '発売日は2026-04-01のように年-月-日で指定してください' }),
  /** How much of the date is known; a month part or a month is stored as its first day. */
  precision: z
    .enum(RELEASE_DATE_PRECISIONS, { error: '発売日の精度（日・上中下旬・月）をご確認ください' })
    .default('day'),
  reason: shopperText({ label: '理由', max: 200, required: false }).default(''),
});

/**
 * /api/operator/: what the shop's staff do, authenticated by `Authorization: Bearer
 * <OPERATOR_TOKEN>` (no session, so no CSRF): ship an order or a bundle, record a bank payment, cancel an
 * order, change a product's release date and its precision. The same operations run from the CLI
 * (`pnpm --filter @shop/api operator ...`).
 */
export function operatorRoutes(deps: AppDeps) {
  // Per route rather than `.use()`: a path no route serves is a 404 with or without the token.
  const operator = operatorAuth(deps);
  return new Hono()
    .post('/orders/:id/ship/', operator, validate('param', idParamSchema), async (c) =>
      c.json(await shipOrder(deps, c.req.valid('param').id)),
    )
    .post('/bundles/:id/ship/', operator, validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      await shipBundle(deps, id);
      return c.json(await getBundle(deps, null, id));
    })
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
