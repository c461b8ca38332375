// pnpm test:crash: kills the server (SIGKILL) in the middle of concurrent card checkouts on
// PostgreSQL, restarts it, lets clients retry with their idempotency keys, and audits the
// database: no partial order, no charge without an order, no order without its stock claim,
// no duplicate order (fixtures.ts `brokenInvariants`), and no card number in a dump of the
// database or in the server's logs, no 5xx from a running server, no request left without a
// final answer. Prints one JSON line whose `broken` names each of these that failed; exits
// non-zero if any did, after listing each charge without an order (with CRASH_DEBUG=1 also
// those the kill left). CI runs it in the `pg` suite of scripts/check.mjs.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { txRows } from '../src/db/tx';
import { scanForCardNumbers } from '../src/payments/card-scan';
import {
  auditCheckouts,
  brokenInvariants,
  type CheckoutAttempt,
  createCheckoutFixture,
} from './fixtures';
import { openPostgres, requireEnv } from './lib/postgres';
import { freePort, startShopServer } from './lib/server';

const STOCK = 150;
const BENEFITS = 60;
const MEMBERS = 300;
const ATTEMPTS = 360;
const CONCURRENCY = 32;
const KILL_AFTER = 60;
const LEASE_MS = 1500;

const { DATABASE_URL: url, POSTGRES_BIN: postgresBin } = requireEnv('test:crash', [
  'DATABASE_URL',
  'POSTGRES_BIN',
]);
const db = await openPostgres(url);
const fixture = await createCheckoutFixture(db, {
  stock: STOCK,
  benefits: BENEFITS,
  members: MEMBERS,
  attempts: ATTEMPTS,
});

const port = await freePort();
/** What each server process printed (filled as it prints): scanned for card numbers at the end. */
const logs: string[][] = [];

/** The real server in its own process, its output also on this test's stderr (CI scans it). */
async function startServer(): Promise<ChildProcess> {
  const server = await startShopServer({
    port,
    databaseUrl: url,
    env: { CHECKOUT_LEASE_MS: String(LEASE_MS) },
    echo: true,
  });
  logs.push(server.logs);
  return server.child;
}

/**
 * Each authorisation at the gateway without an order, with its payment row and its checkout
 * key: what a failing run needs to be understood.
 */
function orphanCharges() {
  return txRows<Record<string, unknown>>(
    db.orm,
    sql`select t.gateway_order_id, t.status as gateway_status, t.updated_at as gateway_updated_at,
          p.status as payment_status, p.attempt as payment_attempt, p.order_id,
          p.created_at, p.updated_at, c.id as checkout_id, c.state, c.attempt, c.response_status,
          c.lease_until
        from sandbox_transactions t
        left join payments p on p.gateway_order_id = t.gateway_order_id
        left join checkouts c on c.id = p.checkout_id
        where t.status in ('authorized', 'captured') and not exists (select 1 from payments q
          where q.gateway_order_id = t.gateway_order_id and q.order_id is not null)
        order by t.updated_at`,
  );
}

/** Answers 5xx from a server that was running (a deadlock, say): none is expected. */
let serverErrors = 0;

/** An HTTP status with its error code, or no answer at all. */
type Answer = { status: number; code: string } | 'connection_lost';

async function send(attempt: CheckoutAttempt): Promise<Answer> {
  const session = fixture.sessionOf(attempt);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/reserveshop/checkout/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `sid=${session.cookie}`,
        'x-csrf-token': session.csrf,
        'idempotency-key': attempt.key,
      },
      body: attempt.body,
    });
    const body = (await res.json()) as { error?: { code?: string } };
    if (res.status >= 500) serverErrors++;
    return { status: res.status, code: body.error?.code ?? '' };
  } catch {
    return 'connection_lost';
  }
}

// Phase 1: load, and a SIGKILL once KILL_AFTER answers have come back.
let server = await startServer();
const answers = new Map<CheckoutAttempt, Answer>();
let next = 0;
let answered = 0;
let killedAt = -1;
async function worker() {
  while (next < fixture.attempts.length) {
    const attempt = fixture.attempts[next++] as CheckoutAttempt;
    answers.set(attempt, await send(attempt));
    answered++;
    if (answered === KILL_AFTER && killedAt < 0) {
      killedAt = answered;
      server.kill('SIGKILL');
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const lost = [...answers.values()].filter((a) => a === 'connection_lost').length;
// What the killed process left half-way: keys in progress, authorisations without an order.
const [leftover] = await txRows<{ inProgress: number; orphanAuthorisations: number }>(
  db.orm,
  sql`select (select count(*)::int from checkouts where state = 'in_progress') as "inProgress",
             (select count(*)::int from sandbox_transactions t where t.status = 'authorized'
               and not exists (select 1 from payments p where p.gateway_order_id = t.gateway_order_id
                 and p.order_id is not null)) as "orphanAuthorisations"`,
);

if (process.env.CRASH_DEBUG)
  console.error('at kill', JSON.stringify(await orphanCharges(), null, 1));

// Phase 2: restart; every client whose request got no final answer retries with its key
// (an attempt still in progress answers 409 checkout_in_progress until its lease runs out).
server = await startServer();
const isFinal = (a: Answer | undefined) =>
  a !== undefined && a !== 'connection_lost' && a.status < 500 && a.code !== 'checkout_in_progress';
let retries = 0;
for (let round = 0; round < 20; round++) {
  const pending = fixture.attempts.filter((a) => !isFinal(answers.get(a)));
  if (pending.length === 0) break;
  await new Promise((r) => setTimeout(r, LEASE_MS));
  for (const attempt of pending) {
    answers.set(attempt, await send(attempt));
    retries++;
  }
}
const unresolved = fixture.attempts.filter((a) => !isFinal(answers.get(a))).length;
// Give the server's recovery one more lease period to void what the killed process left.
await new Promise((r) => setTimeout(r, LEASE_MS * 2.5));
server.kill('SIGTERM');

const audit = await auditCheckouts(db, fixture.productId, fixture.variationId);
// A plain-text dump of the whole database and the server's logs hold no card number.
const dump = execFileSync(`${postgresBin}/pg_dump`, ['--data-only', url], {
  maxBuffer: 512 * 1024 * 1024,
}).toString();
const cardNumbers =
  scanForCardNumbers(dump).length + scanForCardNumbers(logs.flat().join('')).length;
if (audit.chargesWithoutOrder > 0) console.error(JSON.stringify(await orphanCharges(), null, 1));
await db.close();
const broken = brokenInvariants(audit, { stock: STOCK, benefits: BENEFITS });
if (cardNumbers > 0) broken.push('card_numbers_in_dump_and_logs');
if (serverErrors > 0) broken.push('server_errors');
if (unresolved > 0) broken.push('unresolved');
const ok = broken.length === 0;
console.log(
  JSON.stringify({
    ok,
    attempts: fixture.attempts.length,
    killed_after_answers: killedAt,
    in_progress_at_kill: leftover?.inProgress,
    orphan_authorisations_at_kill: leftover?.orphanAuthorisations,
    connections_lost: lost,
    server_errors: serverErrors,
    retries,
    unresolved,
    orders: audit.orders,
    units_sold: audit.units,
    stock_left: audit.stock,
    benefits_granted: audit.benefits,
    duplicate_orders: audit.duplicates,
    charges_without_order: audit.chargesWithoutOrder,
    partial_orders: audit.ordersWithoutItems,
    card_orders_without_payment: audit.ordersWithoutPayment,
    dump_bytes: dump.length,
    card_numbers_in_dump_and_logs: cardNumbers,
    broken,
  }),
);
process.exit(ok ? 0 : 1);
