import { findCardNumbers } from '@shop/rules';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_PASSWORD_PARAMS } from '../../test/support/accounts-app';
import {
  confirm,
  createOrdersTestApp,
  insertMember,
  insertProduct,
  type MemberFixture,
  OPERATOR_TOKEN,
  type OrdersTestApp,
  operatorPost,
  type ProductFixture,
  snapshot,
  TEST_SHIPMENT,
} from '../../test/support/orders-app';
import { txRows } from '../db/tx';
import { createSandboxToken } from '../payments/sandbox/sandbox-token';
import { DEMO_LEGACY_ACCOUNTS, seedLegacyAccounts } from '../services/legacy-seed';

// Replay a failure with FC_SEED=<seed printed by fast-check> (and FC_PATH for the shrunk case).
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const fcParams = (numRuns: number) => ({ numRuns, ...(seed === undefined ? {} : { seed }) });

let t: OrdersTestApp;
let member: MemberFixture;
let product: ProductFixture;
/** The seeded demo legacy accounts' ids, in DEMO_LEGACY_ACCOUNTS order. */
let legacyIds: number[];
beforeAll(async () => {
  t = await createOrdersTestApp();
  await seedLegacyAccounts(t.db, TEST_PASSWORD_PARAMS);
  legacyIds = [];
  for (const account of DEMO_LEGACY_ACCOUNTS) {
    const [row] = await txRows<{ id: number }>(
      t.db.orm,
      sql`select id from legacy_accounts where email = ${account.email}`,
    );
    if (row === undefined) throw new Error(`legacy account ${account.email} not seeded`);
    legacyIds.push(row.id);
  }
  member = await insertMember(t, { points: 1000 });
  product = await insertProduct(t.db, { stock: 5, benefitMax: 2 });
  await member.client.post('/api/cart/', { variationId: product.variationId, quantity: 1 });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** JSON values of every shape, including the right keys with wrong values. */
const jsonArb = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      shippingMethod: fc.oneof(
        fc.constantFrom('home_delivery', 'yu_packet', 'drone'),
        fc.jsonValue(),
      ),
      paymentMethod: fc.oneof(
        fc.constantFrom('credit_card', 'bank_transfer', 'full_points'),
        fc.jsonValue(),
      ),
      addressId: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      usePoints: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.double(), fc.string()),
      card: fc.oneof(
        fc.record({ token: fc.string() }),
        fc.record({ savedCardId: fc.integer() }),
        fc.jsonValue(),
      ),
      items: fc.oneof(
        fc.array(
          fc.record({ variationId: fc.integer(), quantity: fc.integer({ min: -2, max: 200 }) }),
        ),
        fc.jsonValue(),
      ),
      variationId: fc.oneof(fc.integer(), fc.string()),
      quantity: fc.oneof(fc.integer({ min: -3, max: 1000 }), fc.string()),
      releaseDate: fc.oneof(fc.string(), fc.constant('2026-13-40')),
    },
    { requiredKeys: [] },
  ),
);

const pathArb = fc.oneof(
  fc.constantFrom(
    '/api/cart/',
    '/api/cart/1/',
    '/api/reserveshop/checkout/quote/',
    '/api/reserveshop/reserve/quote/',
    '/api/reserveshop/checkout/',
    '/api/reserveshop/reserve/',
    '/api/orders/',
    '/api/orders/1/',
    '/api/orders/1/cancel/',
    '/api/points/',
    '/api/reserveshop/bundle/',
    '/api/reserveshop/bundle/preview/',
    '/api/reserveshop/bundle/1/',
  ),
  fc
    .tuple(
      fc.constantFrom(
        '/api/cart/',
        '/api/orders/',
        '/api/orders/',
        '/api/operator/orders/',
        '/api/operator/products/',
      ),
      fc.oneof(fc.string(), fc.integer().map(String), fc.constant('0'), fc.constant('99999999999')),
      fc.constantFrom('/', '/cancel/', '/ship/', '/payment-received/', '/release-date/'),
    )
    .map(([a, b, c]) => `${a}${encodeURIComponent(b)}${c}`),
);

/**
 * Whether a body names the member's real address. Such a body is not bad input: a confirm with
 * it passes every check, claims its idempotency key and reaches the gateway, where a generated
 * token is refused (4xx) after the key and the payment attempt are on record, by design. Left
 * out, so that a 4xx always means refused before anything was written.
 */
function namesRealAddress(body: string): boolean {
  try {
    const value: unknown = JSON.parse(body);
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { addressId?: unknown }).addressId === member.addressId
    );
  } catch {
    return false;
  }
}

describe('fuzz: every orders endpoint', () => {
  test('random bodies, paths and methods answer 2xx or 4xx, never 5xx, and bad input changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        pathArb,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc
          .oneof(
            jsonArb.map((v) => JSON.stringify(v)),
            fc.string(),
          )
          .filter((body) => !namesRealAddress(body)),
        fc.constantFrom('member', 'operator', 'anonymous'),
        async (path, method, body, who) => {
          const before = await snapshot(t.db);
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (who === 'operator') headers.authorization = `Bearer ${OPERATOR_TOKEN}x`;
          const res =
            who === 'member'
              ? await member.client.request(method, path, method === 'GET' ? undefined : body, {
                  'idempotency-key': crypto.randomUUID(),
                })
              : await t.app.request(path, {
                  method,
                  headers,
                  body: method === 'GET' ? undefined : body,
                });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            const error = ((await res.json()) as { error: { code: string; message: string } })
              .error;
            expect(error.code).toMatch(/^[a-z_]+$/);
            expect(error.message.length).toBeGreaterThan(0);
            expect(await snapshot(t.db)).toEqual(before);
          }
        },
      ),
      fcParams(150),
    );
  }, 120_000);
});

// ── model-based: random sequences of shop operations, invariants after every step ──

type Step =
  | {
      kind: 'checkout';
      member: number;
      quantity: number;
      payment: 'credit_card' | 'bank_transfer' | 'cash_on_delivery';
      points: number;
      retry: boolean;
    }
  | { kind: 'reserve'; member: number; quantity: number; payment: 'credit_card' | 'bank_transfer' }
  | { kind: 'bundle'; member: number; picks: number[] }
  | { kind: 'cancel'; pick: number }
  | { kind: 'ship'; pick: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'takeover'; member: number; account: number; via: 'code' | 'password' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('checkout' as const),
    member: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 3 }),
    payment: fc.constantFrom(
      'credit_card' as const,
      'bank_transfer' as const,
      'cash_on_delivery' as const,
    ),
    points: fc.integer({ min: 0, max: 400 }),
    retry: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('reserve' as const),
    member: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 3 }),
    payment: fc.constantFrom('credit_card' as const, 'bank_transfer' as const),
  }),
  fc.record({
    kind: fc.constant('bundle' as const),
    member: fc.nat(2),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('ship' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
  {
    // Weighted so that second links and accounts another member took come up in most runs.
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('takeover' as const),
      member: fc.nat(2),
      account: fc.nat(DEMO_LEGACY_ACCOUNTS.length - 1),
      via: fc.constantFrom('code' as const, 'password' as const),
    }),
  },
);

describe('model: checkout, reserve, bundle, cancel, ship, payment and takeover in any order', () => {
  test('stock, benefits, points, states and takeovers stay consistent after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const STOCK = 6;
        const LIMIT = 3;
        const released = await insertProduct(t.db, {
          stock: STOCK,
          benefitMax: LIMIT,
          price: 1200,
          pointValue: 12,
        });
        const future = await insertProduct(t.db, {
          stock: STOCK,
          benefitMax: LIMIT,
          canReserve: true,
          sellStartDate: '2027-06-01',
        });
        const members = [
          await insertMember(t, { points: 300 }),
          await insertMember(t, { points: 0 }),
          await insertMember(t, { points: 1000 }),
        ];
        const granted = new Map<number, number>(
          members.map((m, i) => [m.memberId, [300, 0, 1000][i] ?? 0]),
        );
        const orders: number[] = [];
        const ownerOf = new Map<number, number>();
        // Each run's members are new, so each run starts with the demo legacy accounts unlinked.
        await t.db.orm.execute(
          sql`update legacy_accounts set linked_member_id = null, linked_at = null`,
        );
        /** Which legacy account (DEMO_LEGACY_ACCOUNTS index) each member (index) has linked. */
        const linked = new Map<number, number>();
        for (const step of steps) {
          if (step.kind === 'checkout' || step.kind === 'reserve') {
            const m = members[step.member] as MemberFixture;
            let res: Response;
            if (step.kind === 'checkout') {
              await m.client.request('DELETE', `/api/cart/${released.variationId}/`);
              await m.client.post('/api/cart/', {
                variationId: released.variationId,
                quantity: step.quantity,
              });
              const body = {
                shippingMethod: 'home_delivery',
                paymentMethod: step.payment,
                addressId: m.addressId,
                usePoints: step.points,
                ...(step.payment === 'credit_card'
                  ? { card: { token: createSandboxToken({ outcome: 'ok' }) } }
                  : {}),
              };
              const key = crypto.randomUUID();
              res = await confirm(m.client, '/api/reserveshop/checkout/', body, key);
              if (step.retry) {
                const again = await confirm(m.client, '/api/reserveshop/checkout/', body, key);
                if (res.status === 201)
                  expect(await again.clone().json()).toEqual(await res.clone().json());
              }
            } else {
              res = await confirm(m.client, '/api/reserveshop/reserve/', {
                shippingMethod: 'home_delivery',
                paymentMethod: step.payment,
                addressId: m.addressId,
                items: [{ variationId: future.variationId, quantity: step.quantity }],
                ...(step.payment === 'credit_card'
                  ? { card: { token: createSandboxToken({ outcome: 'ok' }) } }
                  : {}),
              });
            }
            expect(res.status).toBeLessThan(500);
            if (res.status === 201) {
              for (const o of ((await res.json()) as { orders: { id: number }[] }).orders) {
                orders.push(o.id);
                ownerOf.set(o.id, step.member);
              }
            }
          } else if (step.kind === 'bundle') {
            const m = members[step.member] as MemberFixture;
            const own = orders.filter((id) => ownerOf.get(id) === step.member);
            const picked = [...new Set(step.picks.map((p) => own[p % Math.max(own.length, 1)]))];
            const res = await m.client.request(
              'POST',
              '/api/reserveshop/bundle/',
              { orderIds: picked.filter((id) => id !== undefined) },
              { 'idempotency-key': crypto.randomUUID() },
            );
            expect([201, 400, 409, 422]).toContain(res.status);
          } else if (step.kind === 'takeover') {
            const m = members[step.member] as MemberFixture;
            const account = DEMO_LEGACY_ACCOUNTS[step.account];
            if (account === undefined) throw new Error('no such legacy account');
            const before = await snapshot(t.db);
            const res = await m.client.post(
              '/api/takeover/usertakeover/',
              step.via === 'code'
                ? { takeoverCode: account.takeoverCode }
                : { email: account.email, password: account.password },
            );
            const takenBy = [...linked].find(([, a]) => a === step.account)?.[0];
            // Once per member, once per legacy account.
            const expected = linked.has(step.member)
              ? [409, 'takeover_already_done']
              : takenBy !== undefined
                ? [409, 'takeover_account_used']
                : [200, null];
            const body = (await res.json()) as { linked?: boolean; error?: { code: string } };
            expect([res.status, body.error?.code ?? null]).toEqual(expected);
            if (res.status === 200) linked.set(step.member, step.account);
            // A takeover only links: stock, benefits, points, orders, payments and carts stay.
            expect(await snapshot(t.db)).toEqual(before);
          } else if (orders.length > 0) {
            const id = orders[step.pick % orders.length];
            const path = { cancel: 'cancel', ship: 'ship', pay: 'payment-received' }[step.kind];
            const res = await operatorPost(
              t,
              `/api/operator/orders/${id}/${path}/`,
              step.kind === 'ship' ? TEST_SHIPMENT : undefined,
            );
            expect([200, 409]).toContain(res.status);
          }
          await checkInvariants([released, future], STOCK, LIMIT, granted);
          await checkTakeovers(members, linked, ownerOf);
        }
      }),
      fcParams(30),
    );
  }, 300_000);
});

describe('no card number at rest', () => {
  test('after the runs above, no table holds a Luhn-valid 13-19 digit string', async () => {
    const tables = await txRows<{ name: string }>(
      t.db.orm,
      sql`select tablename as name from pg_tables where schemaname = 'public'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    let rows = 0;
    for (const { name } of tables) {
      const dump = await txRows<{ row: string }>(
        t.db.orm,
        sql`select to_jsonb(x)::text as row from ${sql.identifier(name)} x`,
      );
      rows += dump.length;
      expect(findCardNumbers(dump.map((d) => d.row).join('\n')), name).toEqual([]);
    }
    expect(rows).toBeGreaterThan(100);
  });
});

/**
 * What a takeover must preserve: a member sees the history of the one legacy account they
 * linked (newest first) and no other, and their own order history holds only the orders they
 * placed here (legacy orders never become shop orders). The points and stock invariants of
 * checkInvariants hold across takeovers too: legacy points do not carry over.
 */
async function checkTakeovers(
  members: MemberFixture[],
  linked: Map<number, number>,
  ownerOf: Map<number, number>,
): Promise<void> {
  for (const [index, m] of members.entries()) {
    const account = linked.get(index);
    const status = (await (await m.client.get('/api/takeover/usertakeover/')).json()) as {
      linked: boolean;
    };
    expect(status.linked).toBe(account !== undefined);
    const history = await m.client.get('/api/takeover/orderhistory/');
    if (account === undefined) {
      expect(history.status).toBe(404);
      expect(((await history.json()) as { error: { code: string } }).error.code).toBe(
        'takeover_not_linked',
      );
    } else {
      expect(history.status).toBe(200);
      const legacy = await txRows<{ orderNumber: string }>(
        t.db.orm,
        sql`select order_number as "orderNumber" from legacy_orders
            where legacy_account_id = ${legacyIds[account]} order by ordered_at desc`,
      );
      expect(legacy.length).toBeGreaterThan(0);
      const shown = (await history.json()) as { orders: { orderNumber: string }[] };
      expect(shown.orders.map((o) => o.orderNumber)).toEqual(legacy.map((o) => o.orderNumber));
    }
    const own = (await (await m.client.get('/api/orders/')).json()) as { total: number };
    expect(own.total).toBe([...ownerOf.values()].filter((owner) => owner === index).length);
  }
}

async function checkInvariants(
  products: ProductFixture[],
  stock: number,
  limit: number,
  initialPoints: Map<number, number>,
): Promise<void> {
  for (const p of products) {
    const [row] = await txRows<{ stock: number; held: number; claimed: number; claims: number }>(
      t.db.orm,
      sql`select v.stock_quantity as stock,
            (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
              where i.variation_id = v.id and o.status <> 'cancelled') as held,
            (select claimed_count from benefits where product_id = v.product_id) as claimed,
            (select coalesce(sum(c.quantity), 0)::int from benefit_claims c join benefits b on b.id = c.benefit_id
              where b.product_id = v.product_id and c.released_at is null) as claims
          from variations v where v.id = ${p.variationId}`,
    );
    // No unit sold twice or lost: what orders hold plus what is left is what there was.
    expect(row && row.stock + row.held).toBe(stock);
    expect(row?.stock).toBeGreaterThanOrEqual(0);
    expect(row?.claimed).toBe(row?.claims);
    expect(row?.claimed).toBeLessThanOrEqual(limit);
  }
  for (const [memberId, initial] of initialPoints) {
    const [points] = await txRows<{
      balance: number;
      ledger: number;
      spent: number;
      earned: number;
    }>(
      t.db.orm,
      sql`select coalesce((select balance from point_balances where member_id = ${memberId}), 0) as balance,
            (select coalesce(sum(amount), 0)::int from point_ledger where member_id = ${memberId}) as ledger,
            (select coalesce(sum(d.points_used), 0)::int from order_details d join orders o on o.id = d.order_id
              where d.member_id = ${memberId} and o.status <> 'cancelled') as spent,
            (select coalesce(sum(d.points_to_grant), 0)::int from order_details d join orders o on o.id = d.order_id
              where d.member_id = ${memberId} and o.status = 'shipped') as earned`,
    );
    // The balance is the ledger's sum, never negative, and is exactly what the orders explain.
    expect(points?.balance).toBe(points?.ledger);
    expect(points?.balance).toBeGreaterThanOrEqual(0);
    expect(points?.balance).toBe(initial - (points?.spent ?? 0) + (points?.earned ?? 0));
  }
  const [states] = await txRows<{ bad: number }>(
    t.db.orm,
    sql`select count(*)::int as bad from orders o join order_details d on d.order_id = o.id
        where (o.status = 'shipped' and d.shipped_at is null)
           or (o.status = 'cancelled' and d.cancelled_at is null)
           or (o.status = 'preparing' and d.payment_method in ('bank_transfer', 'yucho') and d.amount_due > 0 and d.paid_at is null)
           or (o.status = 'shipped' and d.release_date > '2026-11-20')`,
  );
  expect(states?.bad).toBe(0);
  // Money adds up on every order (bundling moves shipping off it, never onto it), and a bundle
  // is one parcel: its fee is its orders' fees, and it is shipped exactly when they all are.
  const [money] = await txRows<{ bad: number }>(
    t.db.orm,
    sql`select count(*)::int as bad from orders o join order_details d on d.order_id = o.id
        where o.total <> o.subtotal + d.shipping_fee + d.payment_fee
           or o.total <> d.points_used + d.amount_due
           or (o.status = 'bundled') <> (d.bundle_id is not null and d.shipped_at is null)`,
  );
  expect(money?.bad).toBe(0);
  const [bundles] = await txRows<{ bad: number }>(
    t.db.orm,
    sql`select count(*)::int as bad from bundles b
        where b.shipping_fee <> (select coalesce(sum(d.shipping_fee), 0) from order_details d where d.bundle_id = b.id)
           or (select count(*) from order_details d where d.bundle_id = b.id) < 2
           or (b.state = 'shipped') <> (select bool_and(o.status = 'shipped') from orders o
                join order_details d on d.order_id = o.id where d.bundle_id = b.id)`,
  );
  expect(bundles?.bad).toBe(0);
}
