import { MAX_LINE_QUANTITY } from '@shop/rules';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { validate } from '../lib/validate';
import { ensureSession, requireSession } from '../middleware/session';
import {
  addToCart,
  type CartOwner,
  readCart,
  removeFromCart,
  setCartQuantity,
} from '../services/cart';

export const variationParamSchema = z.strictObject({
  variationId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: '商品IDが正しくありません' })
    .transform(Number),
});

export const addSchema = z.strictObject({
  variationId: z.number().int().positive().max(999_999_999),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
});

export const quantitySchema = z.strictObject({
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

/** A member's own cart, or the guest session's. */
function ownerOf(c: Context): CartOwner {
  const session = requireSession(c);
  return session.memberId == null ? { sessionId: session.id } : { memberId: session.memberId };
}

/**
 * /api/cart/: the cart of the member, or of the guest session (merged into the member's cart at
 * login). GET answers the lines and the unit count; POST adds units; PUT /{variationId}/ sets a
 * line's quantity; DELETE /{variationId}/ removes it.
 */
export function cartRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', async (c) => {
      await ensureSession(c, deps);
      c.header('Cache-Control', 'no-store');
      return c.json(await readCart(deps.db.orm, ownerOf(c)));
    })
    .post('/', validate('json', addSchema), async (c) => {
      const { variationId, quantity } = c.req.valid('json');
      return c.json(await addToCart(deps, ownerOf(c), variationId, quantity));
    })
    .put(
      '/:variationId/',
      validate('param', variationParamSchema),
      validate('json', quantitySchema),
      async (c) => {
        const { variationId } = c.req.valid('param');
        return c.json(
          await setCartQuantity(deps, ownerOf(c), variationId, c.req.valid('json').quantity),
        );
      },
    )
    .delete('/:variationId/', validate('param', variationParamSchema), async (c) => {
      return c.json(await removeFromCart(deps, ownerOf(c), c.req.valid('param').variationId));
    });
}
