// pnpm bench:notify [--mails N] [--products P] [--seconds S]: a popular title with N reservations
// is postponed. The server runs in its own process on PostgreSQL (scripts/with-postgres.sh),
// sending through an SMTP receiver in this process; the bench measures a product page's latency
// at a steady rate while the shop is idle, then queues N postponement notices in one transaction
// and measures the time until all N arrived and the product page's latency meanwhile. Prints
// one JSON line per measurement, each with the load average before and after; the goal is all N
// within 60 s, the page's p99 within twice its idle p99 (docs/performance.md).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { seedDatabase } from '../src/seed/seed';
import { startSmtpReceiver } from '../test/support/smtp-receiver';
import { freshDatabase, requirePostgres } from './lib/postgres';
import { freePort, startShopServer } from './lib/server';
import { queuePostponement } from './notify-support';
import { numberArg, round } from './support';

const mails = numberArg('mails', 10_000);
const products = numberArg('products', 2000);
const idleSeconds = numberArg('seconds', 10);
/** Product-page requests per second while measuring: a busy shop's share, not a flood. */
const RATE = 50;
const GOAL_S = 60;

const serverUrl = requirePostgres('bench:notify');
const { db, url, drop } = await freshDatabase(serverUrl, 'notify_bench');
await seedDatabase(db, { products, now: new Date() });
const slugs = await db.rows<{ slug: string }>(
  sql`select slug from products where id % 37 = 1 order by id limit 50`,
);
const paths = slugs.map((s) => `/api/products/${s.slug}/`);
const smtp = await startSmtpReceiver({ parse: false });
const port = await freePort();
const server = await startShopServer({ port, databaseUrl: url, smtpUrl: smtp.url });
const shopUrl = `http://127.0.0.1:${port}`;

const load1 = () => round(loadavg()[0] as number);

/** Product pages at RATE requests per second until `until` resolves (or `seconds` pass). */
function measurePage(seconds: number, until?: Promise<unknown>) {
  return new Promise<{ requests: number; p50_ms: number; p99_ms: number; errors: number }>(
    (resolve, reject) => {
      const instance = autocannon(
        {
          url: shopUrl,
          connections: 4,
          overallRate: RATE,
          duration: seconds,
          requests: paths.map((path) => ({ method: 'GET', path })),
        },
        (error, result) => {
          if (error) return reject(error);
          resolve({
            requests: result.requests.total,
            p50_ms: result.latency.p50,
            p99_ms: result.latency.p99,
            errors: result.errors + result.non2xx,
          });
        },
      );
      until?.then(() => instance.stop());
    },
  );
}

// Warm up: JIT, the database's caches.
await measurePage(3);

let before = load1();
const idle = await measurePage(idleSeconds);
console.log(
  JSON.stringify({
    measure: 'product_page_idle',
    rate_rps: RATE,
    ...idle,
    load_avg: [before, load1()],
  }),
);

before = load1();
const queuedAt = performance.now();
await queuePostponement(db, mails);
const enqueueMs = performance.now() - queuedAt;
const delivered = smtp.waitFor(mails, 300_000).then(() => performance.now());
const during = await measurePage(300, delivered);
const deliveredAt = await delivered;
const seconds = (deliveredAt - queuedAt) / 1000;
const copies = smtp.copies();
const after = load1();
console.log(
  JSON.stringify({
    measure: 'notify_delivery',
    mails,
    enqueue_ms: round(enqueueMs, 0),
    all_received_s: round(seconds, 1),
    mails_per_s: round(mails / seconds, 0),
    distinct_message_ids: copies.size,
    raw_arrivals: smtp.received.length,
    goal_s: GOAL_S,
    within_goal: seconds <= GOAL_S,
    load_avg: [before, after],
  }),
);
console.log(
  JSON.stringify({
    measure: 'product_page_during_delivery',
    rate_rps: RATE,
    ...during,
    p99_ratio_to_idle: round(during.p99_ms / Math.max(1, idle.p99_ms)),
    load_avg: [before, after],
  }),
);

server.stop();
await new Promise((resolve) => server.child.once('exit', resolve));
await smtp.close();
await drop();
