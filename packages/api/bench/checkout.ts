// pnpm bench:checkout: concurrent checkouts of one scarce variation on PostgreSQL, over HTTP.
//
// A variation with STOCK units and a benefit limited to BENEFITS is in the cart of MEMBERS
// members; ATTEMPTS confirm requests (card payments through the sandbox gateway) are fired with
// CONCURRENCY in flight, and RETRY_SHARE of them repeat an earlier request's idempotency key and
// body (a client retrying). Then the database is audited and one JSON line printed:
// attempts, orders, units_sold, oversold, benefits_granted, benefits_over, duplicate_orders,
// checkouts_per_s, p99_ms (and the run's parameters), and `broken`, the invariants the audit
// shows broken (fixtures.ts `brokenInvariants`: oversold, benefits over their limit, duplicate
// orders, charges without an order, counters that disagree with the order rows, ...). Exits
// non-zero when any is.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app';
import type { ClientInput, ClientResult } from './checkout-client';
import { auditCheckouts, auditFigures, brokenInvariants, createCheckoutFixture } from './fixtures';
import { benchDeps } from './lib/app';
import { runLoadGenerator } from './lib/load-generator';
import { openPostgres, requirePostgres } from './lib/postgres';
import { percentile } from './support';

const ATTEMPTS = Number(process.env.ATTEMPTS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 256);
const STOCK = 100;
const BENEFITS = 50;
const RETRY_SHARE = 0.1;
const POOL = Number(process.env.POOL ?? 40);
/** Read-only quote requests sent before the measured confirms (0: a cold server). */
const WARMUP = Number(process.env.WARMUP ?? 1000);

const url = requirePostgres('bench:checkout');
const db = await openPostgres(url, POOL);
const deps = benchDeps(db, url, { now: () => new Date() });

const { variationId, productId, attempts, sessionOf } = await createCheckoutFixture(db, {
  stock: STOCK,
  benefits: BENEFITS,
  members: Math.round(ATTEMPTS * (1 - RETRY_SHARE)),
  attempts: ATTEMPTS,
});

const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const port = (server.address() as AddressInfo).port;

// The requests go out from a child process (bench/checkout-client.ts); this one only serves.
const input: ClientInput = {
  port,
  concurrency: CONCURRENCY,
  warmup: WARMUP,
  requests: attempts.map((attempt) => ({
    key: attempt.key,
    body: attempt.body,
    ...sessionOf(attempt),
  })),
};
const { latencies, statuses, elapsed } = await runLoadGenerator<ClientResult>(
  new URL('./checkout-client.ts', import.meta.url),
  input,
);
server.close();

// ── the audit, from the database alone ──
const audit = await auditCheckouts(db, productId, variationId);
await db.close();

latencies.sort((a, b) => a - b);
const p99 = percentile(latencies, 99);
const broken = brokenInvariants(audit, { stock: STOCK, benefits: BENEFITS });
if (broken.length > 0) {
  console.error(`bench:checkout: broken invariants: ${broken.join(', ')}`, audit);
  process.exitCode = 1;
}
console.log(
  JSON.stringify({
    attempts: attempts.length,
    ...auditFigures(audit, { stock: STOCK, benefits: BENEFITS }),
    checkouts_per_s: Math.round(attempts.length / elapsed),
    p99_ms: Math.round(p99),
    concurrency: Math.min(CONCURRENCY, attempts.length),
    warmup: WARMUP,
    statuses,
    broken,
  }),
);
