import { sql } from 'drizzle-orm';
import { txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { paymentGateway } from '../../payments/create-gateway';

/**
 * Voids the card payments of a checkout that never became orders: a checkout that failed after
 * authorising (`attempt`: its own), or earlier attempts taken over or whose server died
 * (`before`). A payment whose void cannot be confirmed stays `pending` for
 * `recoverAbandonedCheckouts` to retry.
 *
 * An earlier attempt may be slow rather than dead, still waiting for the gateway: its
 * authorisation can land after this void found nothing to void. So its `pending` payment with
 * nothing authorised stays `pending` (the recovery looks again) until it is older than the
 * lease, which is longer than any gateway call; and a row is only marked `voided` if it is
 * still in the state read (the attempt may have marked it `authorized` meanwhile).
 */
export async function voidUnfinishedPayments(
  deps: AppDeps,
  checkoutId: number,
  which: { attempt: number } | { before: number },
): Promise<boolean> {
  const gateway = paymentGateway(deps);
  const attemptFilter =
    'attempt' in which ? sql`attempt = ${which.attempt}` : sql`attempt < ${which.before}`;
  const open = await txRows<{
    id: number;
    gatewayOrderId: string;
    status: string;
    mayBeInFlight: boolean;
  }>(
    deps.db.orm,
    sql`select id::int as id, gateway_order_id as "gatewayOrderId", status,
          ${'before' in which} and status = 'pending'
            and created_at >= now() - make_interval(secs => ${deps.config.commerce.checkoutLeaseMs / 1000})
            as "mayBeInFlight"
        from payments
        where checkout_id = ${checkoutId} and ${attemptFilter} and order_id is null
          and status in ('pending', 'authorized')`,
  );
  let allVoided = true;
  for (const payment of open) {
    const result = await gateway.void(payment.gatewayOrderId);
    if (!result.ok) {
      allVoided = false;
    } else if (result.voided || !payment.mayBeInFlight) {
      await deps.db.orm.execute(
        sql`update payments set status = 'voided', updated_at = now()
            where id = ${payment.id} and order_id is null and status = ${payment.status}`,
      );
    }
  }
  return allVoided;
}
