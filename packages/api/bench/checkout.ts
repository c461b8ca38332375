// pnpm bench:checkout: concurrent checkouts of one scarce variation on PostgreSQL, over HTTP.
//
// A variation with STOCK units and a benefit limited to BENEFITS is in the cart of MEMBERS
// members; ATTEMPTS confirm requests (card payments through the sandbox gateway) are fired with
// CONCURRENCY in flight, and RETRY_SHARE of them repeat an earlier request's idempotency key and
// body (a client retrying). Then the database is audited and one JSON line printed:
// attempts, orders, units_sold, oversold, benefits_granted, benefits_over, duplicate_orders,
// checkouts_per_s, p99_ms (and the run's parameters).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { hashSessionId, newCsrfToken, newSessionId } from '../src/accounts/session-token';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { createPaymentGateway } from '../src/orders/payment-gateway';
import { txRows } from '../src/orders/tx';
import { createSandboxToken } from '../src/payments/sandbox/sandbox-token';
import { ordersForWithdrawal } from '../src/services/orders';

const ATTEMPTS = Number(process.env.ATTEMPTS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 256);
const STOCK = 100;
const BENEFITS = 50;
const RETRY_SHARE = 0.1;
const POOL = Number(process.env.POOL ?? 40);

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('bench:checkout needs DATABASE_URL (run it through scripts/with-postgres.sh)');
  process.exit(1);
}

const db = await openDatabase({ databaseUrl: url, poolSize: POOL });
await db.migrate();
const base = loadConfig({ DATABASE_URL: url });
const deps: AppDeps = {
  db,
  config: { ...base, seedProducts: 0 },
  now: () => new Date(),
  log: (message, error) => console.error(message, error),
  payments: createPaymentGateway(base.commerce, db, () => new Date()),
  memberOrders: ordersForWithdrawal,
};

// ── fixtures: one product, one variation, one limited benefit, members with carts ──
const slug = `bench-${randomBytes(4).toString('hex')}`;
const [product] = await txRows<{ id: number }>(
  db.orm,
  sql`insert into products (slug, title, categories, genre, cover_image, search_title, search_text, search_grams)
      values (${slug}, 'ベンチ限定版', array['コミック'], 'comic', '/covers/bench.png', 'ベンチ限定版', 'ベンチ限定版', array[]::text[])
      returning id`,
);
const [variation] = await txRows<{ id: number }>(
  db.orm,
  sql`insert into variations (product_id, name, unit_price, point_value, in_stock, stock_quantity)
      values (${product?.id}, '限定版', 3300, 33, true, ${STOCK}) returning id`,
);
await db.orm.execute(
  sql`insert into benefits (product_id, title, available_max_num, distributed)
      values (${product?.id}, '特製ブロマイド', ${BENEFITS}, true)`,
);

const uniqueAttempts = Math.round(ATTEMPTS * (1 - RETRY_SHARE));
const now = new Date();
const members = await txRows<{ id: number }>(
  db.orm,
  sql`insert into members (email, password_hash, name, birth_date)
      select 'bench-' || ${slug} || '-' || g || '@example.jp', '$scrypt$unused', 'ベンチ 会員', '1990-01-01'
      from generate_series(1, ${uniqueAttempts}) g returning id`,
);
const memberIds = members.map((m) => m.id);
const ids = sql.join(
  memberIds.map((id) => sql`(${id}::int)`),
  sql`, `,
);
const addresses = await txRows<{ id: number; memberId: number }>(
  db.orm,
  sql`insert into shipping_addresses (member_id, postal_code, prefecture, city, street, last_name, first_name,
        last_name_kana, first_name_kana, phone, is_default)
      select m.id, '101-0021', '東京都', '千代田区外神田', '1-2-3', '山田', '太郎', 'ヤマダ', 'タロウ', '0312345678', true
      from (values ${ids}) as m(id) returning id, member_id as "memberId"`,
);
const carts = await txRows<{ id: number }>(
  db.orm,
  sql`insert into carts (member_id) select m.id from (values ${ids}) as m(id) returning id`,
);
await db.orm.execute(
  sql`insert into cart_lines (cart_id, variation_id, quantity)
      select c.id, ${variation?.id}, 1 from (values ${sql.join(
        carts.map((c) => sql`(${c.id}::bigint)`),
        sql`, `,
      )}) as c(id)`,
);
const cookies = memberIds.map(() => newSessionId());
const csrf = memberIds.map(() => newCsrfToken());
const expires = new Date(now.getTime() + 3600_000).toISOString();
await db.orm.execute(
  sql`insert into sessions (id_hash, member_id, csrf_token, created_at, last_seen_at, expires_at) values ${sql.join(
    memberIds.map(
      (id, i) =>
        sql`(${hashSessionId(cookies[i] ?? '')}, ${id}, ${csrf[i]}, ${now.toISOString()}, ${now.toISOString()}, ${expires})`,
    ),
    sql`, `,
  )}`,
);
const addressOf = new Map(addresses.map((a) => [a.memberId, a.id]));

// ── the requests: one per member, plus retries that repeat an earlier key and body ──
interface Attempt {
  member: number;
  key: string;
  body: string;
}
const first: Attempt[] = memberIds.map((memberId, i) => ({
  member: i,
  key: crypto.randomUUID(),
  body: JSON.stringify({
    shippingMethod: 'home_delivery',
    paymentMethod: 'credit_card',
    addressId: addressOf.get(memberId),
    card: { token: createSandboxToken({ outcome: 'ok' }) },
  }),
}));
const attempts: Attempt[] = [...first];
for (let i = 0; attempts.length < ATTEMPTS; i++)
  attempts.push(first[(i * 7) % first.length] as Attempt);
// Retries are interleaved with the first tries, so some run concurrently with them.
attempts.sort(() => Math.random() - 0.5);

const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const port = (server.address() as AddressInfo).port;

const latencies: number[] = [];
const statuses = new Map<number, number>();
let next = 0;
async function worker() {
  while (next < attempts.length) {
    const attempt = attempts[next++] as Attempt;
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/reserveshop/checkout/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `sid=${cookies[attempt.member]}`,
        'x-csrf-token': csrf[attempt.member] ?? '',
        'idempotency-key': attempt.key,
      },
      body: attempt.body,
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: Math.min(CONCURRENCY, attempts.length) }, worker));
const elapsed = (performance.now() - started) / 1000;
server.close();

// ── the audit, from the database alone ──
const [audit] = await txRows<{
  orders: number;
  units: number;
  stock: number;
  benefits: number;
  claimedCount: number;
  duplicates: number;
  authorizedWithoutOrder: number;
}>(
  db.orm,
  sql`select
      (select count(distinct i.order_id)::int from order_items i where i.variation_id = ${variation?.id}) as orders,
      (select coalesce(sum(i.quantity), 0)::int from order_items i where i.variation_id = ${variation?.id}) as units,
      (select stock_quantity from variations where id = ${variation?.id}) as stock,
      (select coalesce(sum(c.quantity), 0)::int from benefit_claims c join benefits b on b.id = c.benefit_id
        where b.product_id = ${product?.id}) as benefits,
      (select claimed_count from benefits where product_id = ${product?.id}) as "claimedCount",
      (select coalesce(sum(n - 1), 0)::int from (select count(*) as n from order_details d
        join order_items i on i.order_id = d.order_id where i.variation_id = ${variation?.id}
        group by d.member_id having count(*) > 1) dup) as duplicates,
      (select count(*)::int from sandbox_transactions t where t.status = 'authorized'
        and not exists (select 1 from payments p where p.gateway_order_id = t.gateway_order_id and p.order_id is not null)) as "authorizedWithoutOrder"`,
);
await db.close();
if (audit === undefined) throw new Error('audit failed');

latencies.sort((a, b) => a - b);
const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
if (audit.units + audit.stock !== STOCK || audit.claimedCount !== audit.benefits) {
  console.error('bench:checkout: counters disagree with the order rows', audit);
  process.exitCode = 1;
}
console.log(
  JSON.stringify({
    attempts: attempts.length,
    orders: audit.orders,
    units_sold: audit.units,
    oversold: Math.max(0, audit.units - STOCK),
    benefits_granted: audit.benefits,
    benefits_over: Math.max(0, audit.benefits - BENEFITS),
    duplicate_orders: audit.duplicates,
    checkouts_per_s: Math.round(attempts.length / elapsed),
    p99_ms: Math.round(p99),
    concurrency: Math.min(CONCURRENCY, attempts.length),
    charges_without_order: audit.authorizedWithoutOrder,
    statuses: Object.fromEntries(statuses),
  }),
);
