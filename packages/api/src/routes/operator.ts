import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { idParamSchema } from '../accounts/params';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
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
function operatorAuth(deps: AppDeps): MiddlewareHandler {
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

const releaseDateSchema = z.strictObject({
  releaseDate: z.iso.date(),
  reason: z.string().max(200).default(''),
});

/**
 * /api/operator/: what the shop's staff do, authenticated by `Authorization: Bearer
 * <OPERATOR_TOKEN>` (no session, so no CSRF): ship an order or a bundle, record a bank payment, cancel an
 * order, change a product's release date. The same operations run from the CLI
 * (`pnpm --filter @shop/api operator ...`).
 */
export function operatorRoutes(deps: AppDeps) {
  return new Hono()
    .use(operatorAuth(deps))
    .post('/orders/:id/ship/', validate('param', idParamSchema), async (c) =>
      c.json(await shipOrder(deps, c.req.valid('param').id)),
    )
    .post('/bundles/:id/ship/', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      await shipBundle(deps, id);
      return c.json(await getBundle(deps, null, id));
    })
    .post('/orders/:id/payment-received/', validate('param', idParamSchema), async (c) =>
      c.json(await receivePayment(deps, c.req.valid('param').id)),
    )
    .post('/orders/:id/cancel/', validate('param', idParamSchema), async (c) =>
      c.json(await cancelOrder(deps, c.req.valid('param').id, 'operator')),
    )
    .post(
      '/products/:id/release-date/',
      validate('param', idParamSchema),
      validate('json', releaseDateSchema),
      async (c) => {
        const { releaseDate, reason } = c.req.valid('json');
        return c.json(await changeReleaseDate(deps, c.req.valid('param').id, releaseDate, reason));
      },
    );
}
