import type { CommerceConfig } from '../config/commerce';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { ServiceError } from '../services/service-error';
import type { PaymentGateway } from './gateway';
import { GmoMultipaymentGateway } from './gmo/gmo-gateway';
import { DbSandboxStore } from './sandbox/db-sandbox-store';
import { SandboxGateway } from './sandbox/sandbox-gateway';

/**
 * The card gateway the configuration names: GMO Multipayment, or the sandbox (the default),
 * which keeps its side of every transaction in this database so it survives restarts.
 */
export function createPaymentGateway(
  config: CommerceConfig,
  db: Database,
  now: () => Date,
): PaymentGateway {
  const gateway = config.gateway;
  if (gateway.kind === 'gmo') return new GmoMultipaymentGateway(gateway);
  return new SandboxGateway({
    store: new DbSandboxStore(db),
    now,
    timeoutDelayMs: gateway.timeoutDelayMs,
  });
}

/** The app's card gateway; 503 when the app runs without one. */
export function paymentGateway(deps: AppDeps): PaymentGateway {
  if (deps.payments === undefined) {
    throw new ServiceError('payment_unavailable', '現在、カード決済をご利用いただけません。');
  }
  return deps.payments;
}
