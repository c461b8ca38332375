import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/app';
import type { Database } from '../../src/db/client';
import { txRows } from '../../src/db/tx';
import type { AppDeps } from '../../src/deps';
import { sessionCookieName } from '../../src/middleware/session';
import type { PaymentGateway } from '../../src/payments/gateway';
import { DbSandboxStore } from '../../src/payments/sandbox/db-sandbox-store';
import { SandboxGateway } from '../../src/payments/sandbox/sandbox-gateway';
import { createSandboxToken } from '../../src/payments/sandbox/sandbox-token';
import { ordersForWithdrawal } from '../../src/services/orders';
import { rotateSession } from '../../src/services/sessions';
import { openTestDatabase, TEST_PASSWORD_PARAMS, TestClient } from './accounts-app';

/** The checkout of the member's cart: `quote/` prices it, the path itself confirms it. */
export const CHECKOUT = '/api/reserveshop/checkout/';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

/** What the operator's ship action takes: a carrier and a tracking number of its length. */
export const TEST_SHIPMENT = { carrier: 'yamato', trackingNumber: '1234-5678-9012' } as const;

export interface OrdersTestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Database;
  /** Moves the shop's clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/**
 * A migrated database of its own (PGlite in memory, or a fresh database on DATABASE_URL) and
 * the app on it, with the sandbox gateway keeping its state in that database.
 */
export async function createOrdersTestApp(
  options: {
    gateway?: (db: Database, now: () => Date) => PaymentGateway;
    leaseMs?: number;
    poolSize?: number;
  } = {},
): Promise<OrdersTestApp> {
  const db = await openTestDatabase(options.poolSize);
  const base = loadConfig({});
  let clock = new Date('2026-11-20T03:00:00.000Z');
  const now = () => clock;
  const deps: AppDeps = {
    db,
    config: {
      ...base,
      seedProducts: 0,
      // Product pages and lists show an operator's change at once.
      cacheTtlMs: 0,
      accounts: { ...base.accounts, password: TEST_PASSWORD_PARAMS },
      commerce: {
        ...base.commerce,
        operatorToken: OPERATOR_TOKEN,
        checkoutLeaseMs: options.leaseMs ?? base.commerce.checkoutLeaseMs,
      },
    },
    now,
    log: (message: string, error?: unknown) => {
      throw new Error(`unexpected log: ${message} ${String(error)}`);
    },
    payments:
      options.gateway?.(db, now) ?? new SandboxGateway({ store: new DbSandboxStore(db), now }),
    memberOrders: ordersForWithdrawal,
  };
  return {
    app: createApp(deps),
    deps,
    db,
    setNow(date) {
      clock = date;
    },
    close: () => db.close(),
  };
}

/**
 * The orders test app of a test file, opened before its tests and closed after them (vitest
 * hooks of the calling file). Its fields are there once the file's `beforeAll` hooks have run,
 * as a `let` assigned in `beforeAll` would be; hooks the file adds after this call see them.
 */
export function ordersTestApp(options: Parameters<typeof createOrdersTestApp>[0] = {}) {
  const t = {} as OrdersTestApp;
  beforeAll(async () => {
    Object.assign(t, await createOrdersTestApp(options));
  }, 120_000);
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

export interface ProductFixture {
  productId: number;
  variationId: number;
  benefitId: number | null;
  slug: string;
}

/**
 * Inserts a product with one variation (and optionally a limited benefit), its release day known
 * to the day unless `releaseDatePrecision` says otherwise.
 */
export async function insertProduct(
  db: Database,
  options: {
    stock?: number;
    price?: number | null;
    pointValue?: number;
    sellStartDate?: string | null;
    canReserve?: boolean;
    isAdult?: boolean;
    benefitMax?: number;
    title?: string;
    releaseDatePrecision?: 'day' | 'month_part' | 'month';
    /** The product's categories (default コミック): what parcelFit sizes it by. */
    categories?: string[];
  } = {},
): Promise<ProductFixture> {
  const slug = `p-${uniqueSuffix()}`;
  const title = options.title ?? `テスト商品 ${slug}`;
  const [product] = await txRows<{ id: number }>(
    db.orm,
    sql`insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
          is_adult, sell_start_date, release_date_precision, reservation_type)
        values (${slug}, ${title}, ${sql.param(options.categories ?? ['コミック'])}::text[], 'comic', '/covers/x.png', ${title}, ${title},
          ${options.isAdult ?? false}, ${options.sellStartDate ?? null},
          ${options.releaseDatePrecision ?? 'day'}, ${options.canReserve ? 'UNRELEASED' : null})
        returning id`,
  );
  if (product === undefined) throw new Error('product insert failed');
  const stock = options.stock ?? 10;
  const [variation] = await txRows<{ id: number }>(
    db.orm,
    sql`insert into variations (product_id, name, unit_price, point_value, in_stock, stock_quantity,
          can_reserve, sell_start_date)
        values (${product.id}, '通常版', ${options.price === undefined ? 1100 : options.price},
          ${options.pointValue ?? 11}, ${stock > 0}, ${stock}, ${options.canReserve ?? false},
          ${options.sellStartDate ?? null})
        returning id`,
  );
  if (variation === undefined) throw new Error('variation insert failed');
  let benefitId: number | null = null;
  if (options.benefitMax !== undefined) {
    const [benefit] = await txRows<{ id: number }>(
      db.orm,
      sql`insert into benefits (product_id, title, available_max_num, distributed)
          values (${product.id}, '描き下ろしイラストカード', ${options.benefitMax}, true) returning id`,
    );
    benefitId = benefit?.id ?? null;
  }
  return { productId: product.id, variationId: variation.id, benefitId, slug };
}

export interface MemberFixture {
  memberId: number;
  addressId: number;
  client: TestClient;
}

/**
 * A member with a logged-in session (cookie and CSRF token set on its client), a default
 * address and, optionally, a point balance granted through the ledger.
 */
export async function insertMember(
  t: OrdersTestApp,
  options: { birthDate?: string | null; points?: number } = {},
): Promise<MemberFixture> {
  const db = t.db;
  const [member] = await txRows<{ id: number }>(
    db.orm,
    sql`insert into members (email, password_hash, name, birth_date)
        values (${`m-${uniqueSuffix()}@example.jp`}, '$scrypt$unused', '山田 太郎',
          ${options.birthDate === undefined ? '1990-01-01' : options.birthDate})
        returning id`,
  );
  if (member === undefined) throw new Error('member insert failed');
  const [address] = await txRows<{ id: number }>(
    db.orm,
    sql`insert into shipping_addresses (member_id, postal_code, prefecture, city, street, building,
          last_name, first_name, last_name_kana, first_name_kana, phone, is_default)
        values (${member.id}, '101-0021', '東京都', '千代田区外神田', '1-2-3', 'テストビル101',
          '山田', '太郎', 'ヤマダ', 'タロウ', '0312345678', true)
        returning id`,
  );
  if (address === undefined) throw new Error('address insert failed');
  if (options.points) {
    await db.orm.execute(
      sql`insert into point_ledger (member_id, kind, amount) values (${member.id}, 'grant', ${options.points})`,
    );
  }
  const lifetime = t.deps.config.accounts.session;
  const issued = await rotateSession(db, undefined, member.id, t.deps.now(), lifetime);
  const client = new TestClient(t.app, '192.0.2.10');
  client.cookie = `${sessionCookieName(t.deps.config.accounts)}=${issued.cookieValue}`;
  client.csrfToken = issued.session.csrfToken;
  return { memberId: member.id, addressId: address.id, client };
}

/**
 * Sends a request to the app with a bearer token (none when `token` is null), and `body` when
 * given: a string as it is, anything else as JSON, declared with `contentType`.
 */
export function bearerRequest(
  app: OrdersTestApp['app'],
  method: string,
  path: string,
  body?: unknown,
  token: string | null = OPERATOR_TOKEN,
  contentType = 'application/json',
) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body === undefined) return app.request(path, { method, headers });
  headers['content-type'] = contentType;
  return app.request(path, {
    method,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** POSTs to an operator endpoint (see `bearerRequest`). */
export function operatorPost(
  t: OrdersTestApp,
  path: string,
  body?: unknown,
  token: string | null = OPERATOR_TOKEN,
) {
  return bearerRequest(t.app, 'POST', path, body, token);
}

/** Sends a confirm request with an idempotency key. */
export function confirm(
  client: TestClient,
  path: '/api/reserveshop/checkout/' | '/api/reserveshop/reserve/',
  body: unknown,
  key: string = crypto.randomUUID(),
) {
  return client.request('POST', path, body, { 'idempotency-key': key });
}

/**
 * Reserves `quantity` units of `variationId` (not through the cart), by 宅配便 to the member's
 * default address, paying by bank transfer: the confirm's answer.
 */
export function reserveByTransfer(member: MemberFixture, variationId: number, quantity: number) {
  return confirm(member.client, '/api/reserveshop/reserve/', {
    shippingMethod: 'home_delivery',
    paymentMethod: 'bank_transfer',
    addressId: member.addressId,
    items: [{ variationId, quantity }],
  });
}

/** The one number `query` selects as `n`, or `fallback` when it selects no row. */
export async function numberOf(db: Database, query: SQL, fallback = 0): Promise<number> {
  const [row] = await db.rows<{ n: number }>(query);
  return row?.n ?? fallback;
}

/** A variation's stock (-1 when there is no such variation). */
export function stockOf(db: Database, variationId: number): Promise<number> {
  return numberOf(
    db,
    sql`select stock_quantity as n from variations where id = ${variationId}`,
    -1,
  );
}

/** A member's point balance (0 before their first point). */
export function pointBalanceOf(db: Database, memberId: number): Promise<number> {
  return numberOf(db, sql`select balance as n from point_balances where member_id = ${memberId}`);
}

/**
 * Puts `quantity` units of `variationId` in the member's cart and confirms the checkout with
 * `body` (by 宅配便 to the member's default address unless `body` says otherwise); checks the
 * 201 and returns the id of the order placed.
 */
export async function placeOrder(
  member: MemberFixture,
  variationId: number,
  quantity: number,
  body: Record<string, unknown>,
): Promise<number> {
  await member.client.post('/api/cart/', { variationId, quantity });
  const res = await confirm(member.client, CHECKOUT, {
    shippingMethod: 'home_delivery',
    addressId: member.addressId,
    ...body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const [order] = ((await res.json()) as { orders: { id: number }[] }).orders;
  if (order === undefined) throw new Error('no order');
  return order.id;
}

/** A confirm body paying by card (a sandbox token the gateway accepts) to `addressId`. */
export function cardOrder(shippingMethod: string, addressId: number, extra: object = {}) {
  return {
    shippingMethod,
    paymentMethod: 'credit_card',
    addressId,
    card: { token: createSandboxToken({ outcome: 'ok' }) },
    ...extra,
  };
}

/**
 * Sends a checkout confirm that must be refused: the answer is 422 with exactly `error`, and
 * nothing a bad request must not touch has changed (`snapshot`).
 */
export async function expectConfirmRefused(
  t: OrdersTestApp,
  client: TestClient,
  body: unknown,
  error: { code: string; message: string },
) {
  const before = await snapshot(t.db);
  const res = await confirm(client, CHECKOUT, body);
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({ error });
  expect(await snapshot(t.db)).toEqual(before);
}

export interface Snapshot {
  stock: Record<number, number>;
  claimed: Record<number, number>;
  orders: number;
  ledger: number;
  balances: Record<number, number>;
  checkouts: number;
  payments: number;
  cartLines: number;
  /** md5 of the rows of SNAPSHOT_ROWS: what changed in them, not only how many there are. */
  rows: Record<keyof typeof SNAPSHOT_ROWS, string>;
}

/** Rows a bad request must not touch, beyond the counters above. */
const SNAPSHOT_ROWS = {
  /** Each order's state, money, release, payment and shipment times, bundle and address. */
  orders: sql`select o.id, o.status, o.subtotal, o.total, d.shipping_fee, d.payment_fee, d.points_used,
                d.amount_due, d.points_to_grant, d.release_date, d.release_date_precision, d.paid_at,
                d.shipped_at, d.cancelled_at,
                d.bundle_id, d.address
              from orders o join order_details d on d.order_id = o.id`,
  orderStateHistory: sql`select order_id, from_state, to_state, actor, note from order_state_history`,
  bundles: sql`select id, member_id, state, shipping_fee, saving, shipped_at from bundles`,
  payments: sql`select id, order_id, status, amount from payments`,
  /** Release data: each product's date and precision, its variations' dates, the delay history. */
  releases: sql`select p.id, p.sell_start_date, p.release_date_precision,
                  (select array_agg(v.sell_start_date order by v.id) from variations v where v.product_id = p.id)
                from products p`,
  postponements: sql`select * from release_postponements`,
};

/** The state a bad request must leave untouched. */
export async function snapshot(db: Database): Promise<Snapshot> {
  const stock = await txRows<{ id: number; n: number }>(
    db.orm,
    sql`select id, stock_quantity as n from variations`,
  );
  const claimed = await txRows<{ id: number; n: number }>(
    db.orm,
    sql`select id, claimed_count as n from benefits`,
  );
  const balances = await txRows<{ id: number; n: number }>(
    db.orm,
    sql`select member_id as id, balance as n from point_balances`,
  );
  const [counts] = await txRows<Omit<Snapshot, 'stock' | 'claimed' | 'balances' | 'rows'>>(
    db.orm,
    sql`select (select count(*)::int from orders) as orders, (select count(*)::int from point_ledger) as ledger,
               (select count(*)::int from checkouts) as checkouts, (select count(*)::int from payments) as payments,
               (select coalesce(sum(quantity), 0)::int from cart_lines) as "cartLines"`,
  );
  const byId = (rows: { id: number; n: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.id, r.n]));
  if (counts === undefined) throw new Error('snapshot failed');
  const rows = {} as Snapshot['rows'];
  for (const [name, query] of Object.entries(SNAPSHOT_ROWS)) {
    const [row] = await txRows<{ digest: string }>(
      db.orm,
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from (${query}) x`,
    );
    rows[name as keyof typeof SNAPSHOT_ROWS] = row?.digest ?? '';
  }
  return { stock: byId(stock), claimed: byId(claimed), balances: byId(balances), ...counts, rows };
}
