// The app as a benchmark runs it in its own process, on a database the benchmark prepared.
import { loadConfig } from '../../src/config/app';
import type { Database } from '../../src/db/client';
import type { AppDeps } from '../../src/deps';
import { logLine } from '../../src/errors';
import { createPaymentGateway } from '../../src/payments/create-gateway';
import { ordersForWithdrawal } from '../../src/services/orders';

/**
 * The app's deps on `db` (at `url`): the configured payment gateway and the real orders side,
 * no demo seeding, errors on stderr redacted like the server's (errors.ts logLine), and the
 * operator token `operatorToken` when given.
 */
export function benchDeps(
  db: Database,
  url: string,
  options: { now: () => Date; operatorToken?: string },
): AppDeps {
  const base = loadConfig({ DATABASE_URL: url });
  const commerce =
    options.operatorToken === undefined
      ? base.commerce
      : { ...base.commerce, operatorToken: options.operatorToken };
  return {
    db,
    config: { ...base, seedProducts: 0, commerce },
    now: options.now,
    log: (message, error) => console.error(logLine(message, error)),
    payments: createPaymentGateway(base.commerce, db, options.now),
    memberOrders: ordersForWithdrawal,
  };
}
