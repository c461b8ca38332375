import {
  CHECKOUT_FAILURE_MESSAGES,
  MAX_LINE_QUANTITY,
  type ReleaseDatePrecision,
} from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client';
import { type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { lockActiveMember } from './member-lock';
import { ServiceError } from './service-error';

/** Whose cart: a member's, or a guest session's (merged into the member's at login). */
export type CartOwner = { memberId: number } | { sessionId: number };

/** The most distinct items one cart holds. */
export const MAX_CART_LINES = 50;

export const CART_MESSAGES = {
  variationNotFound: 'お探しの商品は見つかりませんでした。',
  notInCart: 'この商品はカートに入っていません。',
  quantity: CHECKOUT_FAILURE_MESSAGES.invalid_quantity,
  tooManyLines: `カートに入れられる商品は${MAX_CART_LINES}種類までです。`,
  notAvailable: 'この商品は現在お取り扱いできません。',
  notEnoughStock: 'ご指定の数量の在庫がありません。',
} as const;

export interface CartLine {
  variationId: number;
  productId: number;
  productSlug: string;
  title: string;
  variationName: string;
  /** Integer yen, tax included; null while undecided (such a line cannot be checked out). */
  unitPrice: number | null;
  pointValue: number;
  quantity: number;
  /** Units that can still be sold or reserved. */
  stock: number;
  canReserve: boolean;
  /**
   * The variation's (or its product's) release day, a JST date, or null; a part of a month or a
   * month is stored as its first day (@shop/rules releaseSpanStart).
   */
  sellStartDate: string | null;
  /** How precisely the product's release day is known (@shop/rules RELEASE_DATE_PRECISIONS). */
  releaseDatePrecision: ReleaseDatePrecision;
  isAdult: boolean;
  coverImage: string;
  /** The product's categories: what @shop/rules parcelFit reckons its size by. */
  categories: string[];
}

export interface Cart {
  lines: CartLine[];
  /** Units in the cart (what the header badge shows). */
  count: number;
}

function ownerCondition(owner: CartOwner) {
  return 'memberId' in owner
    ? sql`c.member_id = ${owner.memberId}`
    : sql`c.session_id = ${owner.sessionId}`;
}

export async function readCart(db: Orm | Tx, owner: CartOwner): Promise<Cart> {
  const lines = await txRows<CartLine>(
    db,
    sql`select l.variation_id as "variationId", p.id as "productId", p.slug as "productSlug",
               p.title, v.name as "variationName", v.unit_price as "unitPrice",
               v.point_value as "pointValue", l.quantity, v.stock_quantity as "stock",
               v.can_reserve as "canReserve",
               coalesce(v.sell_start_date, p.sell_start_date)::text as "sellStartDate",
               p.release_date_precision as "releaseDatePrecision",
               p.is_adult as "isAdult", p.cover_image as "coverImage", p.categories
        from carts c
        join cart_lines l on l.cart_id = c.id
        join variations v on v.id = l.variation_id
        join products p on p.id = v.product_id
        where ${ownerCondition(owner)}
        order by l.added_at, l.variation_id`,
  );
  return { lines, count: lines.reduce((n, line) => n + line.quantity, 0) };
}

/** Units in the owner's cart, for the session summary. */
export async function cartCount(db: Orm, owner: CartOwner): Promise<number> {
  const [row] = await txRows<{ count: number }>(
    db,
    sql`select coalesce(sum(l.quantity), 0)::int as count
        from carts c join cart_lines l on l.cart_id = c.id where ${ownerCondition(owner)}`,
  );
  return row?.count ?? 0;
}

/**
 * The owner's cart, created if missing, its row locked until `tx` ends: the upsert's DO UPDATE
 * locks it even when the cart exists, so concurrent changes of one cart queue and addToCart's
 * count of lines sees what the previous one left (a plain select here let 50 parallel additions
 * past MAX_CART_LINES on PostgreSQL).
 */
async function cartId(tx: Tx, owner: CartOwner): Promise<number> {
  // A withdrawal deletes the member's cart under the member row's lock: wait for one running and
  // create no cart for a withdrawn member.
  if ('memberId' in owner) await lockActiveMember(tx, owner.memberId, 'share');
  const insert =
    'memberId' in owner
      ? sql`insert into carts (member_id) values (${owner.memberId}) on conflict (member_id) do update set updated_at = now() returning id::int as id`
      : sql`insert into carts (session_id) values (${owner.sessionId}) on conflict (session_id) do update set updated_at = now() returning id::int as id`;
  const [row] = await txRows<{ id: number }>(tx, insert);
  if (row === undefined) throw new Error('cart upsert returned no row');
  return row.id;
}

/**
 * Checks that a variation can go into a cart in this quantity: it exists, its product is on
 * sale (not disabled), and the quantity fits the per-line limit and the units left.
 */
async function checkAddable(tx: Tx, variationId: number, quantity: number): Promise<void> {
  const [variation] = await txRows<{ stock: number; disabled: boolean; inStock: boolean }>(
    tx,
    sql`select v.stock_quantity as stock, v.in_stock as "inStock",
               coalesce(p.disabled_before > now(), false) as disabled
        from variations v join products p on p.id = v.product_id where v.id = ${variationId}`,
  );
  if (variation === undefined) {
    throw new ServiceError('variation_not_found', CART_MESSAGES.variationNotFound);
  }
  if (variation.disabled) throw new ServiceError('not_available', CART_MESSAGES.notAvailable);
  if (quantity > variation.stock) {
    throw new ServiceError('insufficient_stock', CART_MESSAGES.notEnoughStock);
  }
}

/**
 * Changes the owner's cart (created if it has none) in one transaction, and answers the cart as
 * the change left it.
 */
function changeCart(
  deps: AppDeps,
  owner: CartOwner,
  change: (tx: Tx, id: number) => Promise<void>,
): Promise<Cart> {
  return deps.db.orm.transaction(async (tx) => {
    await change(tx, await cartId(tx, owner));
    return readCart(tx, owner);
  });
}

/** Adds units of a variation (to an existing line, or as a new line). */
export async function addToCart(
  deps: AppDeps,
  owner: CartOwner,
  variationId: number,
  quantity: number,
): Promise<Cart> {
  return changeCart(deps, owner, async (tx, id) => {
    const [existing] = await txRows<{ quantity: number }>(
      tx,
      sql`select quantity from cart_lines where cart_id = ${id} and variation_id = ${variationId} for update`,
    );
    const next = (existing?.quantity ?? 0) + quantity;
    if (next > MAX_LINE_QUANTITY)
      throw new ServiceError('invalid_quantity', CART_MESSAGES.quantity);
    await checkAddable(tx, variationId, next);
    if (existing === undefined) {
      const [lines] = await txRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from cart_lines where cart_id = ${id}`,
      );
      if ((lines?.n ?? 0) >= MAX_CART_LINES) {
        throw new ServiceError('too_many_lines', CART_MESSAGES.tooManyLines);
      }
    }
    await tx.execute(
      sql`insert into cart_lines (cart_id, variation_id, quantity) values (${id}, ${variationId}, ${next})
          on conflict (cart_id, variation_id) do update set quantity = excluded.quantity`,
    );
  });
}

/** Sets the quantity of a line already in the cart. */
export async function setCartQuantity(
  deps: AppDeps,
  owner: CartOwner,
  variationId: number,
  quantity: number,
): Promise<Cart> {
  return changeCart(deps, owner, async (tx, id) => {
    await checkAddable(tx, variationId, quantity);
    const updated = await txRows<{ q: number }>(
      tx,
      sql`update cart_lines set quantity = ${quantity} where cart_id = ${id} and variation_id = ${variationId} returning quantity as q`,
    );
    if (updated.length === 0) throw new ServiceError('not_in_cart', CART_MESSAGES.notInCart);
  });
}

export async function removeFromCart(
  deps: AppDeps,
  owner: CartOwner,
  variationId: number,
): Promise<Cart> {
  return deps.db.orm.transaction(async (tx) => {
    const removed = await txRows<{ v: number }>(
      tx,
      sql`delete from cart_lines l using carts c
          where l.cart_id = c.id and ${ownerCondition(owner)} and l.variation_id = ${variationId}
          returning l.variation_id as v`,
    );
    if (removed.length === 0) throw new ServiceError('not_in_cart', CART_MESSAGES.notInCart);
    return readCart(tx, owner);
  });
}

/**
 * Moves a guest session's cart into the member's cart at login, in the caller's transaction
 * (or its own). A variation in both keeps the sum of its quantities, capped at the line limit;
 * lines beyond the cart's line limit are dropped. The guest cart is deleted.
 */
export async function mergeGuestCart(
  db: Orm | Tx,
  sessionId: number,
  memberId: number,
): Promise<void> {
  const run = async (tx: Tx) => {
    const [guest] = await txRows<{ id: number }>(
      tx,
      sql`select id::int as id from carts where session_id = ${sessionId} for update`,
    );
    if (guest === undefined) return;
    const target = await cartId(tx, { memberId });
    await tx.execute(
      sql`insert into cart_lines (cart_id, variation_id, quantity, added_at)
          select ${target}, variation_id, least(quantity, ${MAX_LINE_QUANTITY}), added_at
          from cart_lines where cart_id = ${guest.id}
          on conflict (cart_id, variation_id)
          do update set quantity = least(cart_lines.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})`,
    );
    await tx.execute(
      sql`delete from cart_lines where cart_id = ${target} and variation_id in (
            select variation_id from cart_lines where cart_id = ${target}
            order by added_at, variation_id offset ${MAX_CART_LINES})`,
    );
    await tx.execute(sql`delete from carts where id = ${guest.id}`);
  };
  // Inside a caller's transaction this is a savepoint; alone, its own transaction.
  await (db as Orm).transaction(run);
}
