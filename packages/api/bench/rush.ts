// pnpm bench:rush: the opening of reservations for a popular limited edition (issue 19), on
// PostgreSQL, over HTTP to SERVERS real server processes (src/main.ts) on one database.
//
// One variation of STOCK units (a reservation: released in 90 days) with a benefit for the
// first BENEFITS sits in the carts of MEMBERS members. The sale is closed (the product's
// `disabled_before`, its sale start) while the servers warm up and WARMUP confirms are refused;
// then the opening is set OPEN_IN_MS ahead, shoppers keep pressing until just before it (each
// must be refused), and at the instant every member confirms once, RETRY_SHARE more repeat an
// earlier confirm's key and body (shuffled among them), CONCURRENCY in flight, round-robin over
// the servers, while PAGE_CONCURRENCY more fetch the product's and the top page's data.
//
// Prints one JSON line per measurement, each with the load average (1 min) before and after:
// `confirm_while_stock_lasts` and `confirm_after_sellout` (confirms sent before / after the
// last order's answer came back: p50, p99), `pages`, and `counts` (the audit, the answers,
// `broken`). Required, exits non-zero on any broken: 0 oversold, 0 over-granted, 0 duplicate
// orders, 0 charges without an order (fixtures.ts `brokenInvariants`), nothing sold before the
// opening, every request answered (no timeout, no 5xx, pages too). The goals (p99 figures,
// every confirm sent within 10 s) are reported, not enforced: the machine decides them.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { txRows } from '../src/db/tx';
import { auditCheckouts, auditFigures, brokenInvariants, createCheckoutFixture } from './fixtures';
import { runLoadGenerator } from './lib/load-generator';
import { openPostgres, requirePostgres } from './lib/postgres';
import { freePort, startShopServer } from './lib/server';
import type { Answered } from './load';
import type { RushInput, RushRequest, RushResult } from './rush-client';
import { percentile, round } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MEMBERS = env('MEMBERS', 10_000);
const RETRY_SHARE = env('RETRY_SHARE', 0.1);
const CONCURRENCY = env('CONCURRENCY', 256);
const SERVERS = env('SERVERS', 2);
const STOCK = env('STOCK', 100);
const BENEFITS = env('BENEFITS', 50);
const WARMUP = env('WARMUP', 2000);
const PAGE_CONCURRENCY = env('PAGE_CONCURRENCY', 8);
/** A shopper's browser gives up after this long: an unanswered request breaks the run. */
const TIMEOUT_MS = env('TIMEOUT_MS', 30_000);
const OPEN_IN_MS = env('OPEN_IN_MS', 2000);
/** The goals, reported beside each figure. */
const GOALS = { whileStockP99: 300, afterSelloutP99: 50, pagesP99: 150, sentWithinS: 10 };

const url = requirePostgres('bench:rush');
const loadBefore = round(loadavg()[0] as number);

const db = await openPostgres(url);
const fixture = await createCheckoutFixture(db, {
  stock: STOCK,
  benefits: BENEFITS,
  members: MEMBERS,
  attempts: Math.round(MEMBERS * (1 + RETRY_SHARE)),
  reservation: true,
  disabledBefore: new Date(Date.now() + 86_400_000),
});

// Real server processes (src/main.ts), each with its own data folder, on the one database.
const servers = await Promise.all(
  Array.from({ length: SERVERS }, async () => {
    const port = await freePort();
    return { port, ...(await startShopServer({ port, databaseUrl: url })) };
  }),
);

const seen = new Set<string>();
const requests: RushRequest[] = fixture.attempts.map((attempt) => {
  const retry = seen.has(attempt.key);
  seen.add(attempt.key);
  return { key: attempt.key, body: attempt.body, retry, ...fixture.sessionOf(attempt) };
});
const input: RushInput = {
  ports: servers.map((s) => s.port),
  slug: fixture.slug,
  concurrency: CONCURRENCY,
  pageConcurrency: PAGE_CONCURRENCY,
  timeoutMs: TIMEOUT_MS,
  warmup: WARMUP,
  requests,
};
let opensAt = 0;
const result = await runLoadGenerator<RushResult>(
  new URL('./rush-client.ts', import.meta.url),
  input,
  // 'warm': the servers are warm; the shop's operator sets the sale start, the instant it opens.
  async (_warm, answer) => {
    opensAt = Date.now() + OPEN_IN_MS;
    await db.orm.execute(
      sql`update products set disabled_before = ${new Date(opensAt).toISOString()}
          where id = ${fixture.productId}`,
    );
    answer({ opensAt });
  },
);
for (const server of servers) server.stop();

// ── the audit, from the database alone ──
const audit = await auditCheckouts(db, fixture.productId, fixture.variationId);
const [before] = await txRows<{ n: number }>(
  db.orm,
  sql`select count(*)::int as n from orders o join order_items i on i.order_id = o.id
      where i.variation_id = ${fixture.variationId} and o.placed_at < ${new Date(opensAt).toISOString()}`,
);
await db.close();
const loadAfter = round(loadavg()[0] as number);

const { confirms, early, pages } = result;
// The sell-out: the last first try answered 201 (retries replay answers, they do not order).
const selloutAt = Math.max(
  0,
  ...confirms.filter((a) => a.status === 201 && !requests[a.index]?.retry).map((a) => a.answeredAt),
);
const latency = (answers: Answered[]) => {
  const sorted = answers.map((a) => a.answeredAt - a.sentAt).sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50_ms: Math.round(percentile(sorted, 50)),
    p99_ms: Math.round(percentile(sorted, 99)),
  };
};
const tally = (answers: Answered[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.code === '' ? String(a.status) : `${a.status} ${a.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};
/** The most requests in flight at once, from the send and answer times. */
const maxInFlight = (answers: Answered[]) => {
  const events = answers.flatMap((a) => [
    { at: a.sentAt, delta: 1 },
    { at: a.answeredAt, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let inFlight = 0;
  let max = 0;
  for (const { delta } of events) {
    inFlight += delta;
    max = Math.max(max, inFlight);
  }
  return max;
};
const unanswered = (answers: Answered[]) => answers.filter((a) => a.status === 0).length;
const serverErrors = (answers: Answered[]) => answers.filter((a) => a.status >= 500).length;

const broken = brokenInvariants(audit, { stock: STOCK, benefits: BENEFITS });
// An early confirm answered anything but the refusal of a closed sale (an unanswered one counts
// as unanswered below).
const openEarly = early.some((a) => a.status !== 0 && a.code !== 'not_available');
if ((before?.n ?? 0) > 0 || openEarly) broken.push('sold_before_opening');
if (unanswered(early) + unanswered(confirms) + unanswered(pages) > 0) broken.push('unanswered');
if (serverErrors(confirms) + serverErrors(pages) > 0) broken.push('server_errors');
if (pages.some((a) => a.status !== 200 && a.status < 500 && a.status > 0))
  broken.push('pages_refused');

const common = { load_avg_before: loadBefore, load_avg_after: loadAfter };
const whileStock = latency(confirms.filter((a) => a.sentAt < selloutAt));
const afterSellout = latency(confirms.filter((a) => a.sentAt >= selloutAt));
const pageLatency = latency(pages);
const lastFirstSent = Math.max(
  ...confirms.filter((a) => !requests[a.index]?.retry).map((a) => a.sentAt),
);
const lines = [
  {
    measurement: 'confirm_while_stock_lasts',
    ...whileStock,
    goal_p99_ms: GOALS.whileStockP99,
    met: whileStock.p99_ms <= GOALS.whileStockP99,
  },
  {
    measurement: 'confirm_after_sellout',
    ...afterSellout,
    goal_p99_ms: GOALS.afterSelloutP99,
    met: afterSellout.p99_ms <= GOALS.afterSelloutP99,
  },
  {
    measurement: 'pages',
    ...pageLatency,
    goal_p99_ms: GOALS.pagesP99,
    met: pageLatency.p99_ms <= GOALS.pagesP99,
    statuses: tally(pages),
  },
  {
    measurement: 'counts',
    members: MEMBERS,
    confirms: confirms.length,
    retries: requests.filter((r) => r.retry).length,
    servers: SERVERS,
    concurrency: CONCURRENCY,
    max_in_flight: maxInFlight(confirms),
    sellout_s: round(selloutAt / 1000),
    all_sent_within_s: round(lastFirstSent / 1000),
    sent_within_goal_met: lastFirstSent / 1000 <= GOALS.sentWithinS,
    duration_s: round(Math.max(...confirms.map((a) => a.answeredAt)) / 1000),
    ...auditFigures(audit, { stock: STOCK, benefits: BENEFITS }),
    refused_before_opening: early.filter((a) => a.code === 'not_available').length,
    early_confirms: early.length,
    unanswered: unanswered(early) + unanswered(confirms) + unanswered(pages),
    server_errors: serverErrors(confirms) + serverErrors(pages),
    answers: tally(confirms),
    broken,
  },
];
for (const line of lines) console.log(JSON.stringify({ ...line, ...common }));
if (broken.length > 0) {
  const logFile = join(await mkdtemp(join(tmpdir(), 'bench-rush-')), 'servers.log');
  await writeFile(logFile, servers.flatMap((server) => server.logs).join(''));
  console.error(`bench:rush: broken invariants: ${broken.join(', ')} (server logs in ${logFile})`);
  process.exitCode = 1;
}
