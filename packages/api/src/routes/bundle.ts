import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { bundleableSchema, bundlePlanSchema, bundleViewSchema } from '../schemas/orders';
import { idParamSchema } from '../schemas/params';
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

/** What choosing orders to bundle refuses, in the preview and in the confirm. */
const BUNDLE_REFUSALS = {
  404: "`order_not_found` (also another member's order)",
  409: '`order_not_open` (shipped or cancelled), `order_already_bundled`, `order_price_pending` (holds a 価格未定 item)',
  422: '`bundle_too_few_orders`, `payment_not_available_for_bundle`, `bundle_destination_mismatch`',
} as const;

/**
 * /api/reserveshop/bundle/ (おまとめ配送): the member's bundleable orders (GET /), the shipping
 * and saving of a selection (POST /preview/), confirm with an Idempotency-Key (POST /) and one
 * bundle with its orders (GET /{id}/, the complete page).
 */
export function bundleRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'bundle',
        summary: "The member's bundleable orders, grouped by destination (?orderId= for one group)",
        access: 'member',
        response: bundleableSchema,
        errors: { 404: '`order_not_found`: `orderId` is not an open order of the member' },
      }),
      memberOnly,
      validate('query', bundleListQuerySchema),
      async (c) => {
        const { orderId } = c.req.valid('query');
        return c.json(await listBundleable(deps, requireMember(c), orderId));
      },
    )
    .post(
      '/preview/',
      documented({
        tag: 'bundle',
        summary: 'Shipping and saving of a selection (nothing is written)',
        access: 'member',
        response: bundlePlanSchema.extend({ orderIds: z.array(z.int()) }),
        errors: BUNDLE_REFUSALS,
      }),
      memberOnly,
      validate('json', bundleSelectionSchema),
      async (c) => {
        return c.json(await previewBundle(deps, requireMember(c), c.req.valid('json')));
      },
    )
    .post(
      '/',
      documented({
        tag: 'bundle',
        summary: 'Bundle the selected orders into one parcel',
        access: 'member',
        idempotencyKey: true,
        success: {
          201: 'The new bundle',
          200: 'The bundle of an earlier request with the same key and orders',
        },
        response: bundleViewSchema,
        errors: {
          ...BUNDLE_REFUSALS,
          422: `${BUNDLE_REFUSALS[422]}, \`idempotency_key_reused\``,
        },
      }),
      memberOnly,
      validate('json', bundleSelectionSchema),
      async (c) => {
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
      },
    )
    .get(
      '/:id/',
      documented({
        tag: 'bundle',
        summary: 'One bundle with its orders, shipping, saving and release day',
        access: 'member',
        response: bundleViewSchema,
        errors: { 404: '`bundle_not_found`' },
      }),
      memberOnly,
      validate('param', idParamSchema),
      async (c) => {
        return c.json(await getBundle(deps, requireMember(c), c.req.valid('param').id));
      },
    );
}
