import { sql } from 'drizzle-orm';
import { txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import type { CartLine } from '../cart';
import { ServiceError } from '../service-error';
import { CHECKOUT_MESSAGES, failure } from './messages';

/**
 * Step 2 of confirmCheckout: makes the member's cart this checkout's, or answers why not (null
 * when claimed). Under the cart row's lock: another checkout still `in_progress` holds it
 * (409 `cart_in_checkout`, whatever the lease says: the recovery or that key's own retry
 * decides a dead attempt's fate, see reuseKey); the lines must still be those the checkout was
 * prepared with, or it would authorise a stale amount (422 `empty_cart` once another checkout
 * ordered them, else 409 `cart_changed`). A retry of this checkout's own key finds the cart
 * already its.
 */
export async function claimCart(
  deps: AppDeps,
  { checkoutId, memberId }: { checkoutId: number; memberId: number },
  prepared: CartLine[],
): Promise<ServiceError | null> {
  return deps.db.orm.transaction(async (tx) => {
    const [cart] = await txRows<{ id: number; holder: number | null }>(
      tx,
      sql`select id::int as id, checkout_id::int as holder from carts where member_id = ${memberId} for update`,
    );
    if (cart === undefined) return failure('empty_cart');
    if (cart.holder !== null && cart.holder !== checkoutId) {
      // A statement of its own, so its snapshot follows the lock: a holder that claimed the
      // cart while this waited for the row is seen with its key committed.
      const [holder] = await txRows<{ state: string }>(
        tx,
        sql`select state from checkouts where id = ${cart.holder}`,
      );
      if (holder?.state === 'in_progress') {
        return new ServiceError('cart_in_checkout', CHECKOUT_MESSAGES.cartInCheckout);
      }
    }
    const lines = await txRows<{ variationId: number; quantity: number }>(
      tx,
      sql`select variation_id as "variationId", quantity from cart_lines where cart_id = ${cart.id}`,
    );
    if (lines.length === 0) return failure('empty_cart');
    const unchanged =
      lines.length === prepared.length &&
      lines.every((line) =>
        prepared.some((p) => p.variationId === line.variationId && p.quantity === line.quantity),
      );
    if (!unchanged) return new ServiceError('cart_changed', CHECKOUT_MESSAGES.cartChanged);
    if (cart.holder !== checkoutId) {
      await tx.execute(sql`update carts set checkout_id = ${checkoutId} where id = ${cart.id}`);
    }
    return null;
  });
}
