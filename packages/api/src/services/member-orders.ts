import type { Orm } from '../db/client';
import type { Tx } from '../db/tx';

// The port between withdrawal (services/withdrawal.ts) and the orders side that implements it
// (services/orders.ts `ordersForWithdrawal`), passed in AppDeps: a file of its own so that
// deps.ts, withdrawal and orders all import it and none imports another (no cycle).

/** Why a member cannot leave yet, e.g. 予約中の注文が2件あります. */
export interface WithdrawalBlocker {
  /** `open_reservations`, `unshipped_orders`, `awaiting_payment`, ... */
  code: string;
  message: string;
  count: number;
}

/**
 * What withdrawal needs from the orders side (implemented by the orders service and passed in
 * AppDeps). Both run inside the withdrawal transaction, after the member's row is locked
 * FOR UPDATE; a checkout that locks the member row too (FOR SHARE) cannot slip in between.
 */
export interface MemberOrders {
  /** Open reservations and unshipped orders that keep the member from leaving. */
  withdrawalBlockers(tx: Tx | Orm, memberId: number): Promise<WithdrawalBlocker[]>;
  /**
   * Erases what the orders side keeps about the person (shipping names, addresses and phones
   * copied onto orders, the cart), keeping order amounts and items for bookkeeping.
   */
  eraseMember(tx: Tx, memberId: number): Promise<void>;
}
