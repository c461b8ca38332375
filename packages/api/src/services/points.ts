import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client';
import { type Tx, txRows } from '../db/tx';
import { isoInstantSql } from '../lib/sql-instant';

/** `adjust`: a staff member's correction, either way (src/admin/members.ts). */
export type PointEntryKind = 'grant' | 'use' | 'refund' | 'cancel' | 'expiry' | 'adjust';

/**
 * A member's point balance. It lives in point_balances, written only by the ledger's insert
 * trigger, so it always equals the sum of the member's ledger rows.
 */
export async function pointBalance(db: Orm | Tx, memberId: number): Promise<number> {
  const [row] = await txRows<{ balance: number }>(
    db,
    sql`select balance from point_balances where member_id = ${memberId}`,
  );
  return row?.balance ?? 0;
}

/**
 * Adds points (a grant when an order ships, or a refund of points spent on a cancelled order).
 * `at` is the shop's clock: an entry's time is when the member last earned or used points, which
 * decides when the balance expires (point-expiry.ts).
 */
export async function creditPoints(
  tx: Tx,
  memberId: number,
  kind: 'grant' | 'refund',
  amount: number,
  orderId: number | null,
  at: Date,
): Promise<void> {
  if (amount === 0) return;
  await tx.execute(
    sql`insert into point_ledger (member_id, kind, amount, order_id, created_at)
        values (${memberId}, ${kind}, ${amount}, ${orderId}, ${at.toISOString()})`,
  );
}

export type DebitResult = { ok: true; balance: number } | { ok: false; balance: number };

/**
 * Takes points away (spent on an order, a grant taken back, expiry) if the balance covers them.
 * The balance row is locked first, so concurrent debits of one member queue up and each sees the
 * balance the previous one left; the CHECK (balance >= 0) behind it stops any overdraft the code
 * might still let through. `at` is the shop's clock, as for creditPoints.
 */
export async function debitPoints(
  tx: Tx,
  memberId: number,
  kind: 'use' | 'cancel' | 'expiry',
  amount: number,
  orderId: number | null,
  at: Date,
): Promise<DebitResult> {
  const [row] = await txRows<{ balance: number }>(
    tx,
    sql`select balance from point_balances where member_id = ${memberId} for update`,
  );
  const balance = row?.balance ?? 0;
  if (amount === 0) return { ok: true, balance };
  if (balance < amount) return { ok: false, balance };
  await tx.execute(
    sql`insert into point_ledger (member_id, kind, amount, order_id, created_at)
        values (${memberId}, ${kind}, ${-amount}, ${orderId}, ${at.toISOString()})`,
  );
  return { ok: true, balance: balance - amount };
}

export interface PointEntry {
  id: number;
  kind: PointEntryKind;
  amount: number;
  orderId: number | null;
  createdAt: string;
}

/** The member's ledger, newest first. */
export async function pointHistory(db: Orm, memberId: number, limit = 50): Promise<PointEntry[]> {
  return txRows<PointEntry>(
    db,
    sql`select id::int as "id", kind, amount, order_id::int as "orderId", ${isoInstantSql('created_at')} as "createdAt"
        from point_ledger where member_id = ${memberId} order by id desc limit ${limit}`,
  );
}
