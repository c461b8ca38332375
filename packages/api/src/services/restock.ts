import { sql } from 'drizzle-orm';
import { type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { enqueueNotificationsFromSelect } from '../notifications/outbox';
import type { StaffActor } from '../staff/access';
import { auditIfStaff } from '../staff/audit';
import { lockActiveMember } from './member-lock';
import { ServiceError } from './service-error';

// 再入荷のお知らせ (docs/catalog-mail.md): a member asks to be told when a sold-out variation
// is back; the operator's stock change that takes it from none to some mails every requester
// once, in its own transaction, and the requests are spent.

/**
 * How many variations a member may wait for at once: enough for a shelf of sold-out titles,
 * few enough that one account cannot turn a restock into a mass mailing.
 */
export const RESTOCK_REQUESTS_PER_MEMBER = 50;

export const RESTOCK_MESSAGES = {
  variationNotFound: '商品が見つかりません。',
  inStock: 'この商品は在庫があります。カートに入れてご購入ください。',
  limit: `再入荷のお知らせは${RESTOCK_REQUESTS_PER_MEMBER}件までお申し込みいただけます。不要なお申し込みを取り消してからお試しください。`,
} as const;

/** One variation a member waits for. */
export interface RestockRequestView {
  variationId: number;
  productId: number;
  productSlug: string;
  title: string;
  variationName: string;
  requestedAt: string;
}

/**
 * Asks to be told when a sold-out variation is back (twice is once). Refused: 404
 * `variation_not_found`, 409 `restock_in_stock` while it has stock, 409
 * `restock_request_limit` beyond RESTOCK_REQUESTS_PER_MEMBER. The member's row is locked so two
 * requests at once cannot both pass the limit.
 */
export async function requestRestock(
  deps: AppDeps,
  memberId: number,
  variationId: number,
): Promise<{ created: boolean }> {
  return deps.db.orm.transaction(async (tx) => {
    await lockActiveMember(tx, memberId);
    const [variation] = await txRows<{ stock: number }>(
      tx,
      sql`select stock_quantity as stock from variations where id = ${variationId}`,
    );
    if (variation === undefined) {
      throw new ServiceError('variation_not_found', RESTOCK_MESSAGES.variationNotFound);
    }
    if (variation.stock > 0) {
      throw new ServiceError('restock_in_stock', RESTOCK_MESSAGES.inStock);
    }
    const [held] = await txRows<{ n: number; already: boolean }>(
      tx,
      sql`select count(*)::int as n, coalesce(bool_or(variation_id = ${variationId}), false) as already
          from restock_requests where member_id = ${memberId}`,
    );
    if (held?.already) return { created: false };
    if ((held?.n ?? 0) >= RESTOCK_REQUESTS_PER_MEMBER) {
      throw new ServiceError('restock_request_limit', RESTOCK_MESSAGES.limit);
    }
    await tx.execute(
      sql`insert into restock_requests (member_id, variation_id, created_at)
          values (${memberId}, ${variationId}, ${deps.now().toISOString()})`,
    );
    return { created: true };
  });
}

/** Withdraws a request (none is fine: the answer is the same). */
export async function cancelRestockRequest(
  deps: AppDeps,
  memberId: number,
  variationId: number,
): Promise<void> {
  await deps.db.rows(
    sql`delete from restock_requests where member_id = ${memberId} and variation_id = ${variationId}`,
  );
}

/** The variations a member waits for, newest request first. */
export function listRestockRequests(
  deps: AppDeps,
  memberId: number,
): Promise<RestockRequestView[]> {
  return deps.db.rows<RestockRequestView>(
    sql`select v.id as "variationId", p.id as "productId", p.slug as "productSlug", p.title,
               v.name as "variationName",
               to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestedAt"
        from restock_requests r join variations v on v.id = r.variation_id
          join products p on p.id = v.product_id
        where r.member_id = ${memberId}
        order by r.created_at desc, v.id`,
  );
}

export interface StockChange {
  variationId: number;
  productId: number;
  previousStock: number;
  stock: number;
  /** 再入荷のお知らせ queued by this change (0 unless it went from none to some). */
  restockNotices: number;
}

/**
 * Sets a variation's stock inside the caller's transaction (the back office's variation edit and
 * CSV import set it among other fields). When it goes from none to some, every member waiting for
 * it is sent one 再入荷のお知らせ, queued in this transaction with one INSERT ... SELECT, and
 * their requests are deleted: a member is told once, and asks again to be told of the next
 * restock. The variation's row is locked, so a checkout taking the last unit and this change
 * are one after the other.
 */
export async function applyStock(
  tx: Tx,
  variationId: number,
  stock: number,
  now: Date,
): Promise<StockChange> {
  const [variation] = await txRows<{
    productId: number;
    previousStock: number;
  }>(
    tx,
    sql`select product_id as "productId", stock_quantity as "previousStock"
        from variations where id = ${variationId} for update`,
  );
  if (variation === undefined) {
    throw new ServiceError('variation_not_found', RESTOCK_MESSAGES.variationNotFound);
  }
  await tx.execute(
    sql`update variations set stock_quantity = ${stock}, in_stock = ${stock > 0} where id = ${variationId}`,
  );
  let restockNotices = 0;
  if (variation.previousStock <= 0 && stock > 0) {
    restockNotices = await enqueueNotificationsFromSelect(
      tx,
      'restock',
      sql`select r.member_id,
                 jsonb_build_object('variationId', v.id, 'productId', p.id),
                 'restock:request:' || r.id
          from restock_requests r join variations v on v.id = r.variation_id
            join products p on p.id = v.product_id
          where r.variation_id = ${variationId}`,
      now,
    );
    await tx.execute(sql`delete from restock_requests where variation_id = ${variationId}`);
  }
  return {
    variationId,
    productId: variation.productId,
    previousStock: variation.previousStock,
    stock,
    restockNotices,
  };
}

/**
 * Sets a variation's stock in a transaction of its own (applyStock). A staff member's change
 * (`actor`) records its audit entry `variation.stock` in that transaction; the legacy operator
 * route and jobs pass none.
 */
export async function setStock(
  deps: AppDeps,
  variationId: number,
  stock: number,
  actor?: StaffActor,
): Promise<StockChange> {
  const now = deps.now();
  return deps.db.orm.transaction(async (tx) => {
    const change = await applyStock(tx, variationId, stock, now);
    await auditIfStaff(
      tx,
      actor,
      {
        action: 'variation.stock',
        targetType: 'variation',
        targetId: variationId,
        before: { stock: change.previousStock },
        after: { stock },
      },
      now,
    );
    return change;
  });
}
