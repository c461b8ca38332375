import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { idParamSchema } from '../schemas/params';
import {
  cancelRestockRequest,
  listRestockRequests,
  RESTOCK_REQUESTS_PER_MEMBER,
  requestRestock,
} from '../services/restock';

export const restockBodySchema = z.strictObject({
  variationId: z
    .number({ error: '商品の種類を指定してください' })
    .int({ error: '商品の種類が正しくありません' })
    .positive({ error: '商品の種類が正しくありません' })
    .max(2_147_483_647, { error: '商品の種類が正しくありません' }),
});

const restockRequestSchema = z.object({
  variationId: z.int(),
  productId: z.int(),
  productSlug: z.string(),
  title: z.string(),
  variationName: z.string(),
  requestedAt: z.iso.datetime(),
});

/**
 * /api/restock-requests/: 再入荷のお知らせ, the sold-out variations a member waits for (list,
 * ask, withdraw); the operator's stock change mails them (docs/catalog-mail.md).
 */
export function restockRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'accounts',
        summary: '再入荷のお知らせ: the sold-out variations the member waits for, newest first',
        access: 'member',
        response: z.object({
          requests: z.array(restockRequestSchema),
          limit: z.int().meta({ description: 'How many a member may wait for at once' }),
        }),
      }),
      memberOnly,
      async (c) =>
        c.json({
          requests: await listRestockRequests(deps, requireMember(c)),
          limit: RESTOCK_REQUESTS_PER_MEMBER,
        }),
    )
    .post(
      '/',
      documented({
        tag: 'accounts',
        summary:
          'Ask to be mailed once when a sold-out variation is back in stock (再入荷のお知らせ)',
        access: 'member',
        success: { 201: 'Asked', 200: 'It already was asked' },
        response: z.object({ variationId: z.int(), requested: z.literal(true) }),
        errors: {
          404: '`variation_not_found`',
          409: '`restock_in_stock` (it has stock: buy it), `restock_request_limit` (50 at once)',
        },
      }),
      memberOnly,
      validate('json', restockBodySchema),
      async (c) => {
        const { variationId } = c.req.valid('json');
        const { created } = await requestRestock(deps, requireMember(c), variationId);
        return c.json({ variationId, requested: true as const }, created ? 201 : 200);
      },
    )
    .delete(
      '/:id/',
      documented({
        tag: 'accounts',
        summary: 'Withdraw the request for this variation id (none is fine)',
        access: 'member',
        success: { 204: 'Withdrawn, or there was none' },
      }),
      memberOnly,
      validate('param', idParamSchema),
      async (c) => {
        await cancelRestockRequest(deps, requireMember(c), c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
