import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client';
import { type Tx, txRows } from '../db/tx';
import { ServiceError } from './service-error';

/**
 * Locks the member's row for a change of the member's own data (the address book, favourites,
 * 再入荷のお知らせ requests, the cart) and refuses with 401 `login_required` once the member has
 * withdrawn. Withdrawal erases that data under the same row's lock (`FOR UPDATE`), so a change
 * that passed the session check before the withdrawal committed, and reached the database after,
 * finds the member gone instead of writing rows the withdrawal can no longer erase (an address, a
 * name and a phone number kept for a withdrawn member). `update` serialises the member's own
 * changes too (the limits counted under it); `share` only waits for a withdrawal.
 */
export async function lockActiveMember(
  tx: Tx | Orm,
  memberId: number,
  mode: 'update' | 'share' = 'update',
): Promise<void> {
  if (!(await lockMemberIfActive(tx, memberId, mode))) {
    throw new ServiceError('login_required', LOGIN_REQUIRED);
  }
}

/** What a write of a withdrawn member's own data answers (401 `login_required`). */
export const LOGIN_REQUIRED = 'ログインしてください。';

/**
 * `lockActiveMember` for a transaction that refuses by rolling back with its own outcome (the
 * checkout's and bundling's writes): whether the member is still active, their row locked.
 */
export async function lockMemberIfActive(
  tx: Tx | Orm,
  memberId: number,
  mode: 'update' | 'share',
): Promise<boolean> {
  const lock = mode === 'update' ? sql`for update` : sql`for share`;
  const [member] = await txRows<{ id: number }>(
    tx,
    sql`select id from members where id = ${memberId} and withdrawn_at is null ${lock}`,
  );
  return member !== undefined;
}
