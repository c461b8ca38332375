// The shop's operator operations from a shell, against the configured database (DATABASE_URL,
// or the embedded database in DATA_DIR, by default the repository root's .data that `pnpm start`
// serves):
//
//   pnpm --filter @shop/api operator ship <orderId>
//   pnpm --filter @shop/api operator payment-received <orderId>
//   pnpm --filter @shop/api operator cancel <orderId>
//   pnpm --filter @shop/api operator release-date <productId> <yyyy-mm-dd> [day|month_part|month] [reason]
//
// Prints the result as JSON; a refusal prints its code and Japanese message and exits 1. While
// the shop's server has the embedded database open, the CLI refuses to run (exit 1) and says to
// stop the server or use the HTTP operator API it serves (/api/operator/, OPERATOR_TOKEN).
import { RELEASE_DATE_PRECISIONS } from '@shop/rules';
import type { AppDeps } from '../src/deps';
import { ApiError, logLine } from '../src/errors';
import { createPaymentGateway } from '../src/orders/payment-gateway';
import { releaseDateSchema } from '../src/routes/operator';
import {
  cancelOrder,
  changeReleaseDate,
  ordersForWithdrawal,
  receivePayment,
  shipOrder,
} from '../src/services/orders';
import { loadScriptConfig, openScriptDatabase } from './script-config';

const USAGE =
  'usage: operator ship|payment-received|cancel <orderId> | release-date <productId> <yyyy-mm-dd> [day|month_part|month] [reason]';

function id(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,8}$/.test(value)) {
    console.error(USAGE);
    process.exit(2);
  }
  return Number(value);
}

const [command, target, ...rest] = process.argv.slice(2);
const config = loadScriptConfig();
const db = await openScriptDatabase(config);
await db.migrate();
const now = () => new Date();
const deps: AppDeps = {
  db,
  config,
  now,
  // Errors go to stderr, redacted like the server's (errors.ts logLine).
  log: (message, error) => console.error(logLine(message, error)),
  payments: createPaymentGateway(config.commerce, db, now),
  memberOrders: ordersForWithdrawal,
};
try {
  let result: unknown;
  if (command === 'ship') result = await shipOrder(deps, id(target));
  else if (command === 'payment-received') result = await receivePayment(deps, id(target));
  else if (command === 'cancel') result = await cancelOrder(deps, id(target), 'operator');
  else if (command === 'release-date') {
    const [date, ...words] = rest;
    const hasPrecision = (RELEASE_DATE_PRECISIONS as readonly string[]).includes(words[0] ?? '');
    // The HTTP endpoint's own validation, so both refuse the same input.
    const change = releaseDateSchema.safeParse({
      releaseDate: date,
      ...(hasPrecision ? { precision: words[0] } : {}),
      reason: (hasPrecision ? words.slice(1) : words).join(' '),
    });
    if (!change.success) {
      console.error(change.error.issues.map((issue) => issue.message).join('\n'));
      console.error(USAGE);
      process.exit(2);
    }
    const { releaseDate, precision, reason } = change.data;
    result = await changeReleaseDate(deps, id(target), { date: releaseDate, precision, reason });
  } else {
    console.error(USAGE);
    process.exit(2);
  }
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
