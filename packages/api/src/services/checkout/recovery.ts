import { sql } from 'drizzle-orm';
import { txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { voidUnfinishedPayments } from './void-payments';

/**
 * Finds checkouts whose server died mid-way (key still `in_progress`, lease run out) and voids
 * what they authorised, then releases their keys; also retries the voids that failed before,
 * of keys released or completed since (a payment of an earlier attempt still `pending` or
 * `authorized` without an order). Run at start and periodically.
 */
export async function recoverAbandonedCheckouts(deps: AppDeps): Promise<number> {
  const now = deps.now().toISOString();
  // Release first (raising the attempt fences out a slow attempt), then void: an attempt still
  // running can no longer commit orders for the payments voided here.
  const stale = await txRows<{ id: number; attempt: number }>(
    deps.db.orm,
    sql`update checkouts set state = 'released', attempt = attempt + 1
        where state = 'in_progress' and lease_until < ${now}
        returning id::int as id, attempt`,
  );
  const settled = await txRows<{ id: number; attempt: number }>(
    deps.db.orm,
    sql`select distinct c.id::int as id, c.attempt from checkouts c join payments p on p.checkout_id = c.id
        where c.state in ('released', 'completed') and p.order_id is null
          and p.status in ('pending', 'authorized')`,
  );
  let recovered = 0;
  for (const { id, attempt } of [...stale, ...settled]) {
    if (await voidUnfinishedPayments(deps, id, { before: attempt + 1 })) recovered++;
  }
  return recovered;
}
