import { Hono } from 'hono';
import * as z from 'zod';
import { idParamSchema } from '../accounts/params';
import { ORDER_STATES } from '../db/schema/orders';
import type { AppDeps } from '../deps';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { cancelOrder, getOrder, listOrders } from '../services/orders';
import { pointBalance, pointHistory } from '../services/points';

export const listQuerySchema = z.strictObject({
  state: z.enum(ORDER_STATES).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, { error: 'ページ番号が正しくありません' })
    .transform(Number)
    .default(1),
});

export const ORDERS_PAGE_SIZE = 20;

/**
 * /api/orders/: the member's order history with states (GET, `?state=&page=`), one order
 * (GET /{id}/) and cancellation before shipment (POST /{id}/cancel/).
 */
export function orderRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', memberOnly, validate('query', listQuerySchema), async (c) => {
      const { state, page } = c.req.valid('query');
      const result = await listOrders(deps, requireMember(c), {
        state,
        limit: ORDERS_PAGE_SIZE,
        offset: (page - 1) * ORDERS_PAGE_SIZE,
      });
      return c.json({ ...result, page, pageSize: ORDERS_PAGE_SIZE });
    })
    .get('/:id/', memberOnly, validate('param', idParamSchema), async (c) => {
      return c.json(await getOrder(deps, requireMember(c), c.req.valid('param').id));
    })
    .post('/:id/cancel/', memberOnly, validate('param', idParamSchema), async (c) => {
      const memberId = requireMember(c);
      return c.json(await cancelOrder(deps, c.req.valid('param').id, { memberId }));
    });
}

/** /api/points/: the member's balance and latest ledger entries. */
export function pointRoutes(deps: AppDeps) {
  return new Hono().get('/', memberOnly, async (c) => {
    const memberId = requireMember(c);
    return c.json({
      balance: await pointBalance(deps.db.orm, memberId),
      entries: await pointHistory(deps.db.orm, memberId),
    });
  });
}
