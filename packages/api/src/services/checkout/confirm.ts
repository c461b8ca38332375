import { Rollback } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { ServiceError } from '../service-error';
import { authorizePayments } from './authorize-payments';
import { claimCart } from './claim-cart';
import type { ConfirmResult } from './confirm-result';
import {
  type Claim,
  claimNewKey,
  findKeyWhere,
  releaseKey,
  requestHash,
  reuseKey,
} from './idempotency';
import { CHECKOUT_MESSAGES } from './messages';
import { type Prepared, prepareCheckout } from './prepare';
import type { CheckoutKind, ConfirmBody } from './schemas';
import { wantsMoreThanLeft } from './sold-out';
import { voidUnfinishedPayments } from './void-payments';
import { writeOrders } from './write-orders';

// A confirm is a workflow of steps, one file each, run in this order by confirmCheckout below:
// idempotency.ts (look the key up, with sold-out.ts's fast path in the same statement; claim
// the key), prepare.ts (check and price, before anything is written),
// claim-cart.ts, authorize-payments.ts, then one transaction of write-orders.ts, which ends
// with claim-contended-rows.ts; void-payments.ts and idempotency.ts's releaseKey undo a failed
// attempt, recovery.ts a crashed one.

type Outcome = { ok: true; result: ConfirmResult } | { ok: false; error: ServiceError };

/**
 * Confirms a checkout or reservation. The order of effects is what keeps money and stock
 * consistent whatever fails or crashes:
 *
 * 0. a new key whose lines want more units than are left is refused at once (the sold-out fast
 *    path, sold-out.ts), before anything is written;
 * 1. the idempotency key is claimed (its row is committed);
 * 2. a checkout claims the member's cart for its key (`claimCart`, committed): while the key is
 *    `in_progress` no other key can confirm the cart, so its lines become at most one checkout
 *    and a second confirm never reaches the gateway;
 * 3. card payments are written as `pending`, then authorised at the gateway (one per order);
 * 4. one transaction claims stock and benefits with conditional updates, spends points through
 *    the ledger, writes the orders, marks the payments authorised with their orders, deletes
 *    exactly the cart lines it ordered (refusing if they changed since step 2) and completes the
 *    key with the answer to replay;
 * 5. if step 4 fails, every authorisation of step 3 is voided and the key is released, which
 *    frees the cart.
 *
 * A crash between 3 and 4 leaves `pending`/`authorized` payments without an order under an
 * `in_progress` key that holds the cart: `recoverAbandonedCheckouts` (at start and every lease)
 * releases the key, which frees the cart, and voids them; or a retry with the same key takes the
 * key over, voids them and, holding the cart still, runs again. So there is never a charge
 * without an order, nor an order without its stock, nor two checkouts of one cart.
 */
export async function confirmCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  key: string,
  body: ConfirmBody,
): Promise<{ status: number; body: ConfirmResult; replayed: boolean }> {
  const hash = requestHash(kind, body);
  const { existing, holds: soldOut } = await findKeyWhere(
    deps,
    memberId,
    key,
    wantsMoreThanLeft(kind, memberId, body.items),
  );
  let claim: Claim;
  let prepared: Prepared | undefined;
  if (existing === undefined && soldOut) {
    // The sold-out fast path (sold-out.ts): nothing was written, nothing else read.
    throw new ServiceError('out_of_stock', CHECKOUT_MESSAGES.outOfStock);
  }
  if (existing !== undefined) {
    claim = await reuseKey(deps, existing, hash);
  } else {
    // Refuse what cannot succeed before writing anything, so bad input changes nothing. What
    // this reads is used by the attempt below: re-reading it after the claim would only move
    // the same race with the transaction's conditional updates a few milliseconds later (the
    // cart's lines are the exception: claimCart checks them under the cart's lock).
    prepared = await prepareCheckout(deps, kind, memberId, body);
    claim = await claimNewKey(deps, memberId, key, hash);
    // Another request claimed the key first and this one took over a released key: what it
    // prepared may predate that attempt's changes, so prepare again.
    if (claim.kind === 'new' && claim.attempt > 1) prepared = undefined;
  }
  if (claim.kind === 'replay') return { status: claim.status, body: claim.body, replayed: true };
  const { checkoutId, attempt } = claim;
  const mine = { attempt };
  let outcome: Outcome;
  try {
    outcome = await runCheckout(deps, kind, memberId, claim, body, prepared);
  } catch (error) {
    // Unexpected (a database error): undo the gateway side, then let onError answer 500.
    await voidUnfinishedPayments(deps, checkoutId, mine).catch(() => false);
    await releaseKey(deps, checkoutId, attempt).catch(() => undefined);
    throw error;
  }
  if (outcome.ok) return { status: 201, body: outcome.result, replayed: false };
  if (await voidUnfinishedPayments(deps, checkoutId, mine))
    await releaseKey(deps, checkoutId, attempt);
  throw outcome.error;
}

async function runCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  { checkoutId, attempt }: { checkoutId: number; attempt: number },
  body: ConfirmBody,
  /** What the request prepared before claiming its key; prepared here when absent. */
  preparedBefore: Prepared | undefined,
): Promise<Outcome> {
  const now = deps.now();
  let prepared: Prepared;
  try {
    prepared = preparedBefore ?? (await prepareCheckout(deps, kind, memberId, body));
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, error };
    throw error;
  }
  const { context, card, address, quotes, pendingCardId } = prepared;
  if (kind === 'checkout') {
    const refusal = await claimCart(deps, { checkoutId, memberId }, context.lines);
    if (refusal !== null) return { ok: false, error: refusal };
  }

  const payments = await authorizePayments(deps, { checkoutId, attempt }, card, quotes);
  if (!payments.ok) return payments;
  const { authorised } = payments;

  try {
    const result = await deps.db.orm.transaction((tx) =>
      writeOrders(
        tx,
        kind,
        context,
        { checkoutId, attempt },
        body,
        address,
        quotes,
        authorised,
        pendingCardId,
        deps.config.commerce.payee,
        now,
      ),
    );
    return { ok: true, result };
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, error: error.outcome as ServiceError };
    throw error;
  }
}
