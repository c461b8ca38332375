// The shop's operator operations from a shell, against the configured database (DATABASE_URL,
// or the embedded database in DATA_DIR, by default the repository root's .data that `pnpm start`
// serves):
//
//   pnpm --filter @shop/api operator ship <orderId> <carrier> <trackingNumber>
//   pnpm --filter @shop/api operator payment-received <orderId>
//   pnpm --filter @shop/api operator cancel <orderId>
//   pnpm --filter @shop/api operator release-date <productId> <yyyy-mm-dd> [day|month_part|month] [reason]
//   pnpm --filter @shop/api operator notifications                # the mail outbox: counts, dead mails
//   pnpm --filter @shop/api operator notification-retry <id>     # queue a dead mail again
//
// Prints the result as JSON; a refusal prints its code and Japanese message and exits 1. While
// the shop's server has the embedded database open (one process's: a write from here would be
// lost), the operation goes to that server's operator API instead (http://localhost:PORT, bearer
// SHOP_API_TOKEN, a staff member's API token, else the server's OPERATOR_TOKEN); with neither
// the CLI says to stop the server or set one, and exits 1. Through a staff token the write is
// audited under that staff member, the outbox commands included.
import { join } from 'node:path';
import { RELEASE_DATE_PRECISIONS } from '@shop/rules';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { openDatabase } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import type { AppDeps } from '../src/deps';
import { ApiError, type ErrorBody, logLine } from '../src/errors';
import { outboxSummary, retryDeadLetter } from '../src/notifications/dead-letters';
import { createPaymentGateway } from '../src/payments/create-gateway';
import { releaseDateSchema, shipmentSchema, trackingOf } from '../src/schemas/operator';
import {
  cancelOrder,
  changeReleaseDate,
  ordersForWithdrawal,
  receivePayment,
  shipOrder,
} from '../src/services/orders';
import { ServiceError } from '../src/services/service-error';
import { loadScriptConfig } from './script-config';

const USAGE =
  'usage: operator ship <orderId> <yamato|sagawa|japan_post> <trackingNumber> | payment-received|cancel <orderId> | release-date <productId> <yyyy-mm-dd> [day|month_part|month] [reason] | notifications | notification-retry <id>';

function usage(...problems: string[]): never {
  for (const problem of [...problems, USAGE]) console.error(problem);
  process.exit(2);
}

function id(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,8}$/.test(value)) usage();
  return Number(value);
}

/** One operation: run in this process, or the same one through the server's operator API. */
interface Operation {
  run(deps: AppDeps): Promise<unknown>;
  path: string;
  /** POST unless said otherwise. */
  method?: 'GET';
  body?: unknown;
}

function operation(
  command: string | undefined,
  target: string | undefined,
  rest: string[],
): Operation {
  if (command === 'ship') {
    const orderId = id(target);
    const [carrier, trackingNumber] = rest;
    const body = { carrier, trackingNumber };
    // The HTTP endpoint's own validation, so both refuse the same input.
    const shipment = shipmentSchema.safeParse(body);
    if (!shipment.success) usage(...shipment.error.issues.map((issue) => issue.message));
    const tracking = trackingOf(shipment.data);
    return {
      run: (deps) => shipOrder(deps, orderId, tracking),
      path: `orders/${orderId}/ship/`,
      body,
    };
  }
  if (command === 'payment-received') {
    const orderId = id(target);
    return {
      run: (deps) => receivePayment(deps, orderId),
      path: `orders/${orderId}/payment-received/`,
    };
  }
  if (command === 'cancel') {
    const orderId = id(target);
    return {
      run: (deps) => cancelOrder(deps, orderId, 'operator'),
      path: `orders/${orderId}/cancel/`,
    };
  }
  if (command === 'notifications') {
    return { run: (deps) => outboxSummary(deps), path: 'notifications/', method: 'GET' };
  }
  if (command === 'notification-retry') {
    const outboxId = id(target);
    return {
      run: (deps) => retryDeadLetter(deps, outboxId),
      path: `notifications/${outboxId}/retry/`,
    };
  }
  if (command === 'release-date') {
    const productId = id(target);
    const [date, ...words] = rest;
    const hasPrecision = (RELEASE_DATE_PRECISIONS as readonly string[]).includes(words[0] ?? '');
    const body = {
      releaseDate: date,
      ...(hasPrecision ? { precision: words[0] } : {}),
      reason: (hasPrecision ? words.slice(1) : words).join(' '),
    };
    // The HTTP endpoint's own validation, so both refuse the same input.
    const change = releaseDateSchema.safeParse(body);
    if (!change.success) usage(...change.error.issues.map((issue) => issue.message));
    const { releaseDate, precision, reason } = change.data;
    return {
      run: (deps) => changeReleaseDate(deps, productId, { date: releaseDate, precision, reason }),
      path: `products/${productId}/release-date/`,
      body,
    };
  }
  return usage();
}

const [command, target, ...rest] = process.argv.slice(2);
const todo: Operation = operation(command, target, rest);
const config = loadScriptConfig();

/** The operation through the running server's operator API, which owns the database. */
async function throughServer(inUse: DataDirInUseError, token: string | undefined) {
  if (!token) {
    console.error(inUse.message);
    console.error(
      'Set SHOP_API_TOKEN (a staff API token) or OPERATOR_TOKEN (the server’s) to send this operation to the running server.',
    );
    process.exit(1);
  }
  const url = `http://localhost:${config.port}/api/operator/${todo.path}`;
  const response = await fetch(url, {
    method: todo.method ?? 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(todo.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(todo.body === undefined ? {} : { body: JSON.stringify(todo.body) }),
  }).catch((error: unknown) => {
    console.error(`${inUse.message}\nIts operator API at ${url} did not answer: ${error}`);
    process.exit(1);
  });
  const answer = (await response.json()) as unknown;
  if (response.ok) return answer;
  const { error } = answer as ErrorBody;
  throw new ApiError(response.status as ContentfulStatusCode, error.code, error.message);
}

async function inProcess() {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  try {
    await db.migrate();
    const now = () => new Date();
    return await todo.run({
      db,
      config,
      now,
      // Errors go to stderr, redacted like the server's (errors.ts logLine).
      log: (message, error) => console.error(logLine(message, error)),
      payments: createPaymentGateway(config.commerce, db, now),
      memberOrders: ordersForWithdrawal,
    });
  } finally {
    await db.close();
  }
}

try {
  const result = await inProcess().catch((error: unknown) => {
    if (error instanceof DataDirInUseError) {
      return throughServer(error, process.env.SHOP_API_TOKEN || config.commerce.operatorToken);
    }
    throw error;
  });
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  if (!(error instanceof ApiError || error instanceof ServiceError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  process.exitCode = 1;
}
