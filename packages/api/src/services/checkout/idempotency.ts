import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { ServiceError } from '../service-error';
import type { ConfirmResult } from './confirm-result';
import { CHECKOUT_MESSAGES } from './messages';
import type { CheckoutKind, ConfirmBody } from './schemas';
import { voidUnfinishedPayments } from './void-payments';

// Step 1 of confirmCheckout and its undoing: an idempotency key is claimed (new), taken over
// (released or dead) or replayed (completed), and released after a failed attempt.

/** JSON with object keys sorted at every level: equal requests always serialise the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of the request as the server understood it (after validation and defaults), in
 * base64url: about one hex digest in 300 holds a Luhn-valid run of 13-19 digits, which made the
 * crash test's card-number scan of the database dump fail by chance.
 */
export function requestHash(kind: CheckoutKind, body: ConfirmBody): string {
  return createHash('sha256')
    .update(`${kind}\n${canonicalJson(body)}`)
    .digest('base64url');
}

export type Claim =
  | { kind: 'new'; checkoutId: number; attempt: number }
  | { kind: 'replay'; status: number; body: ConfirmResult };

interface KeyRow {
  id: number;
  requestHash: string;
  state: 'in_progress' | 'completed' | 'released';
  responseStatus: number | null;
  responseBody: ConfirmResult | null;
  expired: boolean;
}

/** The columns of a KeyRow, read from `checkouts k`. */
function keyColumns(deps: AppDeps) {
  return sql`k.id::int as id, k.request_hash as "requestHash", k.state,
    k.response_status as "responseStatus", k.response_body as "responseBody",
    k.lease_until < ${deps.now().toISOString()} as expired`;
}

export async function findKey(
  deps: AppDeps,
  memberId: number,
  key: string,
): Promise<KeyRow | undefined> {
  const [row] = await txRows<KeyRow>(
    deps.db.orm,
    sql`select ${keyColumns(deps)}
        from checkouts k where k.member_id = ${memberId} and k.idempotency_key = ${key}`,
  );
  return row;
}

/**
 * findKey, and in the same round trip whether `condition` (a boolean SQL expression) holds:
 * the first statement of a confirm also answers the sold-out fast path (sold-out.ts).
 */
export async function findKeyWhere(
  deps: AppDeps,
  memberId: number,
  key: string,
  condition: SQL,
): Promise<{ existing: KeyRow | undefined; holds: boolean }> {
  const [row] = await txRows<(KeyRow | { [K in keyof KeyRow]: null }) & { holds: boolean }>(
    deps.db.orm,
    sql`select ${keyColumns(deps)}, ${condition} as holds
        from (select) as one
        left join checkouts k on k.member_id = ${memberId} and k.idempotency_key = ${key}`,
  );
  if (row === undefined) throw new Error('the key lookup returned no row');
  const { holds, ...existing } = row;
  return { existing: existing.id === null ? undefined : (existing as KeyRow), holds };
}

/**
 * What an idempotency key already used means for this request. A key stays bound to the request
 * it was first sent with for its whole life: another request is 422, whatever the key's state.
 * The same request replays the stored result, or answers 409 while the first attempt still runs.
 * A key whose attempt failed (released) or died (lease run out) is taken over by the same
 * request, which runs again, after voiding whatever the dead attempt authorised at the gateway.
 */
export async function reuseKey(deps: AppDeps, existing: KeyRow, hash: string): Promise<Claim> {
  if (existing.requestHash !== hash) {
    throw new ServiceError('idempotency_key_reused', CHECKOUT_MESSAGES.keyReused);
  }
  const lease = new Date(deps.now().getTime() + deps.config.commerce.checkoutLeaseMs).toISOString();
  if (existing.state === 'released') {
    const [taken] = await txRows<{ id: number; attempt: number }>(
      deps.db.orm,
      sql`update checkouts set state = 'in_progress', lease_until = ${lease}, attempt = attempt + 1
          where id = ${existing.id} and state = 'released' returning id::int as id, attempt`,
    );
    if (taken === undefined)
      throw new ServiceError('checkout_in_progress', CHECKOUT_MESSAGES.inProgress);
    return { kind: 'new', checkoutId: taken.id, attempt: taken.attempt };
  }
  if (existing.state === 'completed' && existing.responseBody !== null) {
    return { kind: 'replay', status: existing.responseStatus ?? 201, body: existing.responseBody };
  }
  if (!existing.expired)
    throw new ServiceError('checkout_in_progress', CHECKOUT_MESSAGES.inProgress);
  // Raising the attempt fences the dead (or merely slow) attempt out before its payments are
  // voided: it can no longer complete the checkout, so nothing voided here becomes an order.
  const [taken] = await txRows<{ id: number; attempt: number }>(
    deps.db.orm,
    sql`update checkouts set lease_until = ${lease}, attempt = attempt + 1
        where id = ${existing.id} and state = 'in_progress' and lease_until < ${deps.now().toISOString()}
        returning id::int as id, attempt`,
  );
  if (taken === undefined)
    throw new ServiceError('checkout_in_progress', CHECKOUT_MESSAGES.inProgress);
  if (!(await voidUnfinishedPayments(deps, taken.id, { before: taken.attempt }))) {
    throw new ServiceError('payment_unavailable', CHECKOUT_MESSAGES.gatewayUnavailable);
  }
  return { kind: 'new', checkoutId: taken.id, attempt: taken.attempt };
}

/** Claims a key not seen before; a concurrent request that got there first decides instead. */
export async function claimNewKey(
  deps: AppDeps,
  memberId: number,
  key: string,
  hash: string,
): Promise<Claim> {
  const lease = new Date(deps.now().getTime() + deps.config.commerce.checkoutLeaseMs).toISOString();
  const [inserted] = await txRows<{ id: number }>(
    deps.db.orm,
    sql`insert into checkouts (member_id, idempotency_key, request_hash, state, lease_until)
        values (${memberId}, ${key}, ${hash}, 'in_progress', ${lease})
        on conflict (member_id, idempotency_key) do nothing
        returning id::int as id`,
  );
  if (inserted !== undefined) return { kind: 'new', checkoutId: inserted.id, attempt: 1 };
  const existing = await findKey(deps, memberId, key);
  if (existing === undefined) throw new Error('idempotency key vanished');
  return reuseKey(deps, existing, hash);
}

/** Gives the key back after a failed attempt, so the shopper may try again with it. */
export async function releaseKey(
  deps: AppDeps,
  checkoutId: number,
  attempt: number,
): Promise<void> {
  await deps.db.orm.execute(
    sql`update checkouts set state = 'released'
        where id = ${checkoutId} and state = 'in_progress' and attempt = ${attempt}`,
  );
}
