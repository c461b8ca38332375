import { Hono } from 'hono';
import { idParamSchema } from '../accounts/params';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import {
  BUNDLE_MESSAGES,
  bundleListQuerySchema,
  bundleSelectionSchema,
  confirmBundle,
  getBundle,
  listBundleable,
  previewBundle,
} from '../services/bundles';
import { idempotencyKeySchema } from '../services/checkout/schemas';

/**
 * /api/reserveshop/bundle/ (おまとめ配送): the member's bundleable orders (GET /), the shipping
 * and saving of a selection (POST /preview/), confirm with an Idempotency-Key (POST /) and one
 * bundle with its orders (GET /{id}/, the complete page).
 */
export function bundleRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', memberOnly, validate('query', bundleListQuerySchema), async (c) => {
      const { orderId } = c.req.valid('query');
      return c.json(await listBundleable(deps, requireMember(c), orderId));
    })
    .post('/preview/', memberOnly, validate('json', bundleSelectionSchema), async (c) => {
      return c.json(await previewBundle(deps, requireMember(c), c.req.valid('json')));
    })
    .post('/', memberOnly, validate('json', bundleSelectionSchema), async (c) => {
      const key = idempotencyKeySchema.safeParse(c.req.header('idempotency-key'));
      if (!key.success)
        throw new ApiError(400, 'invalid_idempotency_key', BUNDLE_MESSAGES.keyMissing);
      const result = await confirmBundle(
        deps,
        requireMember(c),
        key.data.toLowerCase(),
        c.req.valid('json'),
      );
      return c.json(result.body, result.status);
    })
    .get('/:id/', memberOnly, validate('param', idParamSchema), async (c) => {
      return c.json(await getBundle(deps, requireMember(c), c.req.valid('param').id));
    });
}
