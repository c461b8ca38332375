import { MAX_LINE_QUANTITY } from '@shop/rules';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { ensureSession } from '../middleware/session';
import { cartSchema } from '../schemas/orders';
import { positiveIntText } from '../schemas/params';
import {
  addToCart,
  CART_MESSAGES,
  type Cart,
  type CartOwner,
  readCart,
  removeFromCart,
  setCartQuantity,
} from '../services/cart';
import { ServiceError } from '../services/service-error';
import type { CurrentSession } from '../services/sessions';

const variationParamSchema = z.strictObject({
  variationId: positiveIntText(9, '商品IDが正しくありません'),
});

const addSchema = z.strictObject({
  variationId: z.number().int().positive().max(999_999_999),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
});

const quantitySchema = z.strictObject({
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

/** A member's own cart, or the guest session's. */
function ownerOf(session: CurrentSession): CartOwner {
  return session.memberId == null ? { sessionId: session.id } : { memberId: session.memberId };
}

/**
 * The cart to read or change, or undefined for a guest with no stored session: such a guest
 * has never added anything, so the cart is empty and nothing needs storing to say so.
 */
function existingOwner(c: Context): CartOwner | undefined {
  const session = c.get('session');
  return session ? ownerOf(session) : undefined;
}

function notInCart(): ServiceError {
  return new ServiceError('not_in_cart', CART_MESSAGES.notInCart);
}

/**
 * /api/cart/: the cart of the member, or of the guest session (merged into the member's cart at
 * login). GET answers the lines and the unit count; POST adds units; PUT /{variationId}/ sets a
 * line's quantity; DELETE /{variationId}/ removes it.
 */
export function cartRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'cart',
        summary: 'The cart (member or guest session; empty for a guest with nothing stored)',
        response: cartSchema,
      }),
      async (c) => {
        const owner = existingOwner(c);
        return c.json(
          owner ? await readCart(deps.db.orm, owner) : ({ lines: [], count: 0 } satisfies Cart),
        );
      },
    )
    .post(
      '/',
      documented({
        tag: 'cart',
        summary: 'Add units of a variation',
        response: cartSchema,
        errors: {
          404: '`variation_not_found`',
          409: '`insufficient_stock`, `not_available`',
          422: '`invalid_quantity` (over the line limit), `too_many_lines`',
        },
      }),
      validate('json', addSchema),
      async (c) => {
        const { variationId, quantity } = c.req.valid('json');
        // A guest's first cart line is what stores its session.
        const owner = ownerOf(await ensureSession(c, deps));
        return c.json(await addToCart(deps, owner, variationId, quantity));
      },
    )
    .put(
      '/:variationId/',
      documented({
        tag: 'cart',
        summary: "Set a line's quantity",
        response: cartSchema,
        errors: {
          404: '`not_in_cart`, `variation_not_found`',
          409: '`insufficient_stock`, `not_available`',
        },
      }),
      validate('param', variationParamSchema),
      validate('json', quantitySchema),
      async (c) => {
        const { variationId } = c.req.valid('param');
        const owner = existingOwner(c);
        if (!owner) throw notInCart();
        return c.json(
          await setCartQuantity(deps, owner, variationId, c.req.valid('json').quantity),
        );
      },
    )
    .delete(
      '/:variationId/',
      documented({
        tag: 'cart',
        summary: 'Remove a line',
        response: cartSchema,
        errors: { 404: '`not_in_cart`' },
      }),
      validate('param', variationParamSchema),
      async (c) => {
        const owner = existingOwner(c);
        if (!owner) throw notInCart();
        return c.json(await removeFromCart(deps, owner, c.req.valid('param').variationId));
      },
    );
}
