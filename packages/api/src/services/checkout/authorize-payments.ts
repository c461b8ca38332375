import { sql } from 'drizzle-orm';
import { txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { paymentGateway } from '../../payments/create-gateway';
import type { CardSource, PaymentFailure } from '../../payments/gateway';
import { ServiceError } from '../service-error';
import { CHECKOUT_MESSAGES } from './messages';
import type { ShipmentQuote } from './price-shipments';

function paymentError(failure: PaymentFailure): ServiceError {
  switch (failure.reason) {
    case 'declined':
      return new ServiceError('payment_declined', CHECKOUT_MESSAGES.declined);
    case 'invalid_card':
    case 'not_found':
      return new ServiceError('invalid_card', CHECKOUT_MESSAGES.invalidCard);
    default:
      return new ServiceError('payment_unavailable', CHECKOUT_MESSAGES.gatewayUnavailable);
  }
}

/** A card payment authorised for the order of one shipment (by its index in the quotes). */
export interface Authorised {
  index: number;
  paymentId: number;
}

/**
 * Step 3 of confirmCheckout: with a card, each order's amount is written as a `pending` payment
 * and authorised at the gateway, before stock is claimed; the transaction of writeOrders
 * commits the orders only if the money is there. Answers the authorisations, or why the
 * checkout cannot go on (what was authorised is left for the caller to void).
 */
export async function authorizePayments(
  deps: AppDeps,
  { checkoutId, attempt }: { checkoutId: number; attempt: number },
  card: CardSource | null,
  quotes: ShipmentQuote[],
): Promise<{ ok: true; authorised: Authorised[] } | { ok: false; error: ServiceError }> {
  const authorised: Authorised[] = [];
  if (card !== null) {
    const gateway = paymentGateway(deps);
    for (const [index, shipmentQuote] of quotes.entries()) {
      // Nothing to charge, or nothing known yet: a 価格未定 order is authorised when the shop
      // decides its price (services/price-decision.ts).
      if (shipmentQuote.total === 0 || shipmentQuote.pricePending) continue;
      const gatewayOrderId = `C${checkoutId}-${index}-${Math.random().toString(36).slice(2, 8)}`;
      const [payment] = await txRows<{ id: number }>(
        deps.db.orm,
        sql`insert into payments (checkout_id, attempt, gateway, gateway_order_id, amount, status)
            values (${checkoutId}, ${attempt}, ${gateway.kind}, ${gatewayOrderId}, ${shipmentQuote.total}, 'pending')
            returning id::int as id`,
      );
      if (payment === undefined) throw new Error('payment insert returned no row');
      const result = await gateway.authorize({ gatewayOrderId, amount: shipmentQuote.total, card });
      if (!result.ok) {
        await deps.db.orm.execute(
          sql`update payments set failure_codes = ${result.codes.join(',')}, updated_at = now() where id = ${payment.id}`,
        );
        return { ok: false, error: paymentError(result) };
      }
      const t = result.transaction;
      const recorded = await txRows<{ id: number }>(
        deps.db.orm,
        sql`update payments set status = 'authorized', access_id = ${t.accessId}, access_pass = ${t.accessPass},
                   transaction_id = ${t.transactionId}, updated_at = now()
            where id = ${payment.id} and status = 'pending' returning id::int as id`,
      );
      if (recorded.length === 0) {
        // This attempt was so slow that a takeover (a retry after the lease, or the recovery)
        // voided its payments while the gateway was still authorising: the gateway had only
        // entered the transaction then, so nothing was voided there. Void it now; the takeover
        // has raised the attempt, so this one can no longer complete the checkout anyway.
        const undone = await gateway.void(gatewayOrderId);
        if (!undone.ok) {
          await deps.db.orm.execute(
            sql`update payments set status = 'pending', updated_at = now() where id = ${payment.id}`,
          );
        }
        return {
          ok: false,
          error: new ServiceError('checkout_in_progress', CHECKOUT_MESSAGES.inProgress),
        };
      }
      authorised.push({ index, paymentId: payment.id });
    }
  }
  return { ok: true, authorised };
}
