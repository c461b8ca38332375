import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { confirmCheckout } from '../services/checkout/confirm';
import { CHECKOUT_MESSAGES } from '../services/checkout/messages';
import { quoteCheckout } from '../services/checkout/quote';
import {
  type CheckoutKind,
  confirmBodySchema,
  idempotencyKeySchema,
  quoteBodySchema,
} from '../services/checkout/schemas';
import { bundleRoutes } from './bundle';

/** The Idempotency-Key header of a confirm: a UUID, required. */
function idempotencyKey(header: string | undefined): string {
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success)
    throw new ApiError(400, 'invalid_idempotency_key', CHECKOUT_MESSAGES.keyMissing);
  return parsed.data.toLowerCase();
}

/**
 * One confirm flow: POST /quote/ (methods, fees and points for the cart or the items) and
 * POST / (confirm, with an Idempotency-Key header).
 */
function checkoutRoutes(deps: AppDeps, kind: CheckoutKind) {
  return new Hono()
    .post('/quote/', memberOnly, validate('json', quoteBodySchema), async (c) => {
      return c.json(await quoteCheckout(deps, kind, requireMember(c), c.req.valid('json')));
    })
    .post('/', memberOnly, validate('json', confirmBodySchema), async (c) => {
      const key = idempotencyKey(c.req.header('idempotency-key'));
      let result: Awaited<ReturnType<typeof confirmCheckout>>;
      try {
        result = await confirmCheckout(deps, kind, requireMember(c), key, c.req.valid('json'));
      } catch (error) {
        if (error instanceof ApiError) {
          deps.metrics?.recordCheckout(kind, { outcome: 'refused', reason: error.code });
        }
        throw error;
      }
      // A replay repeats the answer of an earlier confirm with this key: no second order.
      deps.metrics?.recordCheckout(kind, { outcome: result.replayed ? 'replayed' : 'confirmed' });
      return c.json(result.body, result.status === 200 ? 200 : 201);
    });
}

/**
 * /api/reserveshop/: checkout of the cart (/checkout/), direct reservation of unreleased items
 * (/reserve/) and bundled shipping (/bundle/).
 */
export function reserveShopRoutes(deps: AppDeps) {
  return new Hono()
    .route('/checkout/', checkoutRoutes(deps, 'checkout'))
    .route('/reserve/', checkoutRoutes(deps, 'reserve'))
    .route('/bundle/', bundleRoutes(deps));
}
