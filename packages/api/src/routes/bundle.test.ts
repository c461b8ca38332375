import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import {
  confirm,
  insertMember,
  insertProduct,
  type MemberFixture,
  numberOf,
  operatorPost,
  ordersTestApp,
  pointBalanceOf,
  snapshot,
  TEST_SHIPMENT,
} from '../../test/support/orders-app';
import { txRows } from '../db/tx';
import { createSandboxToken } from '../payments/sandbox/sandbox-token';
import {
  type BundleCandidates,
  type BundlePreview,
  type BundleView,
  getBundle,
} from '../services/bundles';

// Replay a failure with FC_SEED=<seed printed by fast-check>.
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

const t = ordersTestApp();
afterEach(() => {
  t.setNow(START);
});

const BUNDLE = '/api/reserveshop/bundle/';
const START = new Date('2026-11-20T03:00:00.000Z');
const RELEASE = '2027-06-01';

interface PlacedOrder {
  id: number;
  shippingFee: number;
  total: number;
  pointsUsed: number;
}

/**
 * Places one order for the member: released items through the cart, or a reservation (of a
 * product out on RELEASE, or on `release` at its precision). Gives the order and its product.
 */
async function placeOrder(
  m: MemberFixture,
  options: {
    price: number;
    future?: boolean;
    release?: { date: string; precision: 'day' | 'month_part' };
    payment?: 'credit_card' | 'bank_transfer' | 'yucho';
    usePoints?: number;
    addressId?: number;
    shippingMethod?: 'home_delivery' | 'yu_packet';
  },
): Promise<PlacedOrder & { productId: number }> {
  const reserve = options.future === true || options.release !== undefined;
  const product = await insertProduct(t.db, {
    price: options.price,
    pointValue: Math.floor(options.price / 100),
    ...(reserve
      ? {
          canReserve: true,
          sellStartDate: options.release?.date ?? RELEASE,
          releaseDatePrecision: options.release?.precision ?? 'day',
        }
      : {}),
  });
  const payment = options.payment ?? 'credit_card';
  const body = {
    shippingMethod: options.shippingMethod ?? 'home_delivery',
    paymentMethod: payment,
    addressId: options.addressId ?? m.addressId,
    ...(options.usePoints ? { usePoints: options.usePoints } : {}),
    ...(payment === 'credit_card'
      ? { card: { token: createSandboxToken({ outcome: 'ok' }) } }
      : {}),
  };
  let res: Response;
  if (reserve) {
    res = await confirm(m.client, '/api/reserveshop/reserve/', {
      ...body,
      items: [{ variationId: product.variationId, quantity: 1 }],
    });
  } else {
    await m.client.post('/api/cart/', { variationId: product.variationId, quantity: 1 });
    res = await confirm(m.client, '/api/reserveshop/checkout/', body);
  }
  expect(res.status, await res.clone().text()).toBe(201);
  const [order] = ((await res.json()) as { orders: PlacedOrder[] }).orders;
  if (order === undefined) throw new Error('no order');
  return { ...order, productId: product.productId };
}

function bundle(m: MemberFixture, orderIds: unknown, key: string = crypto.randomUUID()) {
  return m.client.request('POST', BUNDLE, { orderIds }, { 'idempotency-key': key });
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

const bundleCount = () => numberOf(t.db, sql`select count(*)::int as n from bundles`);

describe('bundles: happy path', () => {
  test('two orders become one parcel: shipping once on the combined subtotal, free from 5,000 yen', async () => {
    const m = await insertMember(t);
    const now = await placeOrder(m, { price: 2000 });
    const later = await placeOrder(m, { price: 3200, future: true });
    expect([now.shippingFee, later.shippingFee]).toEqual([510, 510]);

    const listed = (await (await m.client.request('GET', BUNDLE)).json()) as BundleCandidates;
    expect(listed.groups).toHaveLength(1);
    expect(listed.groups[0]?.orderIds).toEqual([now.id, later.id]);
    const forOne = await m.client.request('GET', `${BUNDLE}?orderId=${later.id}`);
    expect(((await forOne.json()) as BundleCandidates).orders.map((o) => o.id)).toEqual([
      now.id,
      later.id,
    ]);

    const before = await snapshot(t.db);
    const preview = await m.client.post(`${BUNDLE}preview/`, { orderIds: [later.id, now.id] });
    expect(preview.status).toBe(200);
    expect((await preview.json()) as BundlePreview).toMatchObject({
      orderIds: [now.id, later.id],
      combinedSubtotal: 5200,
      separateShippingFee: 1020,
      bundledShippingFee: 0,
      saving: 1020,
      freeShipping: true,
      releaseDate: RELEASE,
      releaseDatePrecision: 'day',
    });
    expect(await snapshot(t.db)).toEqual(before);

    const key = crypto.randomUUID();
    const res = await bundle(m, [now.id, later.id], key);
    expect(res.status).toBe(201);
    const made = (await res.json()) as BundleView;
    expect(made).toMatchObject({
      state: 'open',
      shippingFee: 0,
      saving: 1020,
      separateShippingFee: 1020,
      combinedSubtotal: 5200,
      releaseDate: RELEASE,
      releaseDatePrecision: 'day',
      releasedAll: false,
    });
    expect(made.orders.map((o) => [o.id, o.state, o.shippingFee, o.amountDue, o.bundleId])).toEqual(
      [
        [now.id, 'bundled', 0, 2000, made.id],
        [later.id, 'bundled', 0, 3200, made.id],
      ],
    );

    // Same key and body: the same bundle; same key, other body: refused.
    const again = await bundle(m, [later.id, now.id], key);
    expect(again.status).toBe(200);
    expect(((await again.json()) as BundleView).id).toBe(made.id);
    const other = await bundle(m, [now.id], key);
    expect(other.status).toBe(422);
    expect(await bundleCount()).toBeGreaterThanOrEqual(1);

    const got = await m.client.request('GET', `${BUNDLE}${made.id}/`);
    expect(((await got.json()) as BundleView).saving).toBe(1020);

    // A member cannot take one order out; the bundle ships when its last item is out.
    const cancel = await m.client.post(`/api/orders/${later.id}/cancel/`);
    expect(cancel.status).toBe(409);
    expect(await errorCode(cancel)).toBe('order_in_bundle');
    const early = await operatorPost(t, `/api/operator/bundles/${made.id}/ship/`, TEST_SHIPMENT);
    expect(early.status).toBe(409);
    expect(await errorCode(early)).toBe('not_released');

    t.setNow(new Date('2027-06-01T01:00:00.000Z'));
    const balance = await pointBalanceOf(t.db, m.memberId);
    const shipped = await operatorPost(t, `/api/operator/orders/${now.id}/ship/`, TEST_SHIPMENT);
    expect(shipped.status).toBe(200);
    // Seven months on, the member's session has expired: read the bundle as the shop does.
    const view = await getBundle(t.deps, null, made.id);
    expect(view.state).toBe('shipped');
    expect(view.orders.map((o) => o.state)).toEqual(['shipped', 'shipped']);
    // One parcel: one 発送のお知らせ naming both orders, and both carry its tracking number.
    expect(view.orders.map((o) => o.tracking?.trackingNumber)).toEqual([
      '123456789012',
      '123456789012',
    ]);
    const mails = await txRows<{ payload: unknown }>(
      t.db.orm,
      sql`select payload from notification_outbox where kind = 'shipped'
          and payload->'orderIds' @> ${JSON.stringify([now.id])}::jsonb`,
    );
    expect(mails).toEqual([
      {
        payload: {
          orderIds: [now.id, later.id],
          carrier: 'yamato',
          trackingNumber: '123456789012',
        },
      },
    ]);
    expect(await pointBalanceOf(t.db, m.memberId)).toBe(balance + 20 + 32);
    const captured = await txRows<{ amount: number; status: string; gateway: number }>(
      t.db.orm,
      sql`select p.amount, p.status, s.amount as gateway from payments p
          join sandbox_transactions s on s.gateway_order_id = p.gateway_order_id
          where p.order_id in (${now.id}, ${later.id}) order by p.order_id`,
    );
    expect(captured).toEqual([
      { amount: 2000, status: 'captured', gateway: 2000 },
      { amount: 3200, status: 'captured', gateway: 3200 },
    ]);
    expect(
      (await operatorPost(t, `/api/operator/bundles/${made.id}/ship/`, TEST_SHIPMENT)).status,
    ).toBe(409);
  });

  test('shipping paid with points comes back as points once the card keeps its last yen', async () => {
    const m = await insertMember(t, { points: 3000 });
    const a = await placeOrder(m, { price: 1100, usePoints: 1600 });
    const b = await placeOrder(m, { price: 1100 });
    expect(a).toMatchObject({ shippingFee: 510, pointsUsed: 1600, total: 10 });
    const balance = await pointBalanceOf(t.db, m.memberId);
    const res = await bundle(m, [a.id, b.id]);
    expect(res.status).toBe(201);
    const made = (await res.json()) as BundleView;
    // 2,200 yen together: one 510 yen parcel instead of two, so one order's 510 yen comes off.
    expect(made).toMatchObject({ shippingFee: 510, saving: 510, combinedSubtotal: 2200 });
    const [first, second] = made.orders;
    expect(first).toMatchObject({ shippingFee: 510, amountDue: 10, pointsUsed: 1600 });
    expect(second).toMatchObject({ shippingFee: 0, amountDue: 1100, pointsUsed: 0 });
    expect(await pointBalanceOf(t.db, m.memberId)).toBe(balance);

    const m2 = await insertMember(t, { points: 3000 });
    const c = await placeOrder(m2, { price: 5200 });
    const d = await placeOrder(m2, { price: 1100, usePoints: 1600 });
    const before2 = await pointBalanceOf(t.db, m2.memberId);
    const made2 = (await (await bundle(m2, [c.id, d.id])).json()) as BundleView;
    expect(made2).toMatchObject({ shippingFee: 0, saving: 510 });
    // d paid 1,610 yen with 1,600 points and 10 by card: 9 yen off the card, 501 points back.
    expect(made2.orders[1]).toMatchObject({ shippingFee: 0, amountDue: 1, pointsUsed: 1099 });
    expect(await pointBalanceOf(t.db, m2.memberId)).toBe(before2 + 501);
  });

  test("a bundle waits for its orders' release at their precision, and follows a release-date change", async () => {
    const m = await insertMember(t);
    // 2027年7月中旬 (up to the 20th) and 7月15日: the parcel is known to leave in 中旬.
    const middle = await placeOrder(m, {
      price: 1100,
      release: { date: '2027-07-11', precision: 'month_part' },
    });
    const exact = await placeOrder(m, {
      price: 1100,
      release: { date: '2027-07-15', precision: 'day' },
    });
    const ids = [middle.id, exact.id];

    const listed = (await (await m.client.request('GET', BUNDLE)).json()) as BundleCandidates;
    expect(listed.orders.map((o) => [o.id, o.releaseDate, o.releaseDatePrecision])).toEqual([
      [middle.id, '2027-07-11', 'month_part'],
      [exact.id, '2027-07-15', 'day'],
    ]);
    const preview = (await (
      await m.client.post(`${BUNDLE}preview/`, { orderIds: ids })
    ).json()) as BundlePreview;
    expect(preview).toMatchObject({
      releaseDate: '2027-07-15',
      releaseDatePrecision: 'month_part',
    });
    const made = (await (await bundle(m, ids)).json()) as BundleView;
    expect(made).toMatchObject({
      releaseDate: '2027-07-15',
      releaseDatePrecision: 'month_part',
    });

    // The 中旬 item made exact on the 12th: the bundle leaves on the 15th.
    const moved = await operatorPost(
      t,
      `/api/operator/products/${middle.productId}/release-date/`,
      {
        releaseDate: '2027-07-12',
      },
    );
    expect(await moved.json()).toMatchObject({ ordersUpdated: 1 });
    const view = (await (
      await m.client.request('GET', `${BUNDLE}${made.id}/`)
    ).json()) as BundleView;
    expect(view).toMatchObject({ releaseDate: '2027-07-15', releaseDatePrecision: 'day' });
    expect(view.orders.map((o) => [o.id, o.releaseDate, o.releaseDatePrecision])).toEqual([
      [middle.id, '2027-07-12', 'day'],
      [exact.id, '2027-07-15', 'day'],
    ]);
  });
});

describe('bundles: refusals change nothing', () => {
  test('bank transfer, ゆうちょ, another member, shipped, cancelled, other address, one order, duplicates', async () => {
    const m = await insertMember(t);
    const other = await insertMember(t);
    const a = await placeOrder(m, { price: 1200, future: true });
    const b = await placeOrder(m, { price: 1300, future: true });
    const bank = await placeOrder(m, { price: 1400, future: true, payment: 'bank_transfer' });
    // Paid now (released): a ゆうちょ order waiting for its money is refused too, so no bundled
    // order ever needs a due date (docs/lifecycle.md, "The jobs").
    const yucho = await placeOrder(m, { price: 1450, payment: 'yucho' });
    const theirs = await placeOrder(other, { price: 1500, future: true });
    const shipped = await placeOrder(m, { price: 1600 });
    expect(
      (await operatorPost(t, `/api/operator/orders/${shipped.id}/ship/`, TEST_SHIPMENT)).status,
    ).toBe(200);
    const cancelled = await placeOrder(m, { price: 1700, future: true });
    expect((await m.client.post(`/api/orders/${cancelled.id}/cancel/`)).status).toBe(200);
    const [address] = await txRows<{ id: number }>(
      t.db.orm,
      sql`insert into shipping_addresses (member_id, postal_code, prefecture, city, street, building,
            last_name, first_name, last_name_kana, first_name_kana, phone, is_default)
          values (${m.memberId}, '530-0001', '大阪府', '大阪市北区梅田', '1-1-1', '', '山田', '太郎',
            'ヤマダ', 'タロウ', '0612345678', false) returning id`,
    );
    const elsewhere = await placeOrder(m, { price: 1800, future: true, addressId: address?.id });
    const packet = await placeOrder(m, { price: 900, future: true, shippingMethod: 'yu_packet' });

    const listed = (await (await m.client.request('GET', BUNDLE)).json()) as BundleCandidates;
    expect(listed.groups.map((g) => g.orderIds)).toEqual([[a.id, b.id]]);

    const cases: [unknown, number, string][] = [
      [[a.id, bank.id], 422, 'payment_not_available_for_bundle'],
      [[a.id, yucho.id], 422, 'payment_not_available_for_bundle'],
      [[a.id, theirs.id], 404, 'order_not_found'],
      [[a.id, shipped.id], 409, 'order_not_open'],
      [[a.id, cancelled.id], 409, 'order_not_open'],
      [[a.id, elsewhere.id], 422, 'bundle_destination_mismatch'],
      [[a.id, packet.id], 422, 'bundle_destination_mismatch'],
      [[a.id], 422, 'bundle_too_few_orders'],
      [[], 400, 'invalid_json'],
      [[a.id, a.id], 400, 'invalid_json'],
      [[a.id, 'x'], 400, 'invalid_json'],
    ];
    for (const [orderIds, status, code] of cases) {
      const before = await snapshot(t.db);
      const bundles = await bundleCount();
      for (const res of [
        await bundle(m, orderIds),
        await m.client.post(`${BUNDLE}preview/`, { orderIds }),
      ]) {
        expect(res.status, JSON.stringify(orderIds)).toBe(status);
        expect(await errorCode(res)).toBe(code);
      }
      expect(await snapshot(t.db)).toEqual(before);
      expect(await bundleCount()).toBe(bundles);
    }
    expect((await m.client.request('GET', `${BUNDLE}?orderId=${bank.id}`)).status).toBe(422);
    expect((await m.client.request('GET', `${BUNDLE}?orderId=${theirs.id}`)).status).toBe(404);
    expect((await other.client.request('GET', `${BUNDLE}1/`)).status).toBe(404);
    const noKey = await m.client.post(BUNDLE, { orderIds: [a.id, b.id] });
    expect(await errorCode(noKey)).toBe('invalid_idempotency_key');
    const guest = await t.app.request(BUNDLE);
    expect(guest.status).toBe(401);

    // Bundled once: the same orders cannot go into a second bundle.
    expect((await bundle(m, [a.id, b.id])).status).toBe(201);
    const twice = await bundle(m, [a.id, b.id]);
    expect(twice.status).toBe(409);
    expect(await errorCode(twice)).toBe('order_already_bundled');
  });
});

describe('bundles: concurrency', () => {
  test('two confirms of overlapping selections: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await insertMember(t);
      const [a, b, c] = [
        await placeOrder(m, { price: 1000, future: true }),
        await placeOrder(m, { price: 1000, future: true }),
        await placeOrder(m, { price: 1000, future: true }),
      ];
      const results = await Promise.all([bundle(m, [a?.id, b?.id]), bundle(m, [b?.id, c?.id])]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
      const [rows] = await txRows<{ bundles: number; bundled: number }>(
        t.db.orm,
        sql`select count(distinct d.bundle_id)::int as bundles, count(d.bundle_id)::int as bundled
            from order_details d where d.member_id = ${m.memberId}`,
      );
      expect(rows).toEqual({ bundles: 1, bundled: 2 });
    }
  });

  test('staff shipping one bundle several times at once: one 200, the others 409, captured once, one mail', async () => {
    const m = await insertMember(t);
    // Under the free threshold, so shipping the bundle lowers each authorisation first.
    const a = await placeOrder(m, { price: 1000, future: true });
    const b = await placeOrder(m, { price: 1200, future: true });
    const made = await bundle(m, [a.id, b.id]);
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as BundleView;
    t.setNow(new Date(`${RELEASE}T01:00:00.000Z`));
    const answers = await Promise.all([
      ...[1, 2, 3].map(() => operatorPost(t, `/api/operator/bundles/${id}/ship/`, TEST_SHIPMENT)),
      ...[a.id, b.id].map((o) => operatorPost(t, `/api/operator/orders/${o}/ship/`, TEST_SHIPMENT)),
    ]);
    // Before: the requests that lost the race at the gateway answered 502 capture_failed.
    const outcomes = await Promise.all(
      answers.map(async (r) => (r.status === 200 ? 200 : `${r.status} ${await errorCode(r)}`)),
    );
    // An order's own ship that comes after the bundle shipped finds the order shipped.
    expect(outcomes.filter((o) => o === 200)).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o !== 200)) {
      expect(['409 bundle_not_shippable', '409 order_not_shippable']).toContain(outcome);
    }
    const captured = await txRows<{ status: string; amount: number; gateway: string }>(
      t.db.orm,
      sql`select p.status, p.amount, s.status as gateway from payments p
          join sandbox_transactions s on s.gateway_order_id = p.gateway_order_id
          where p.order_id in (${a.id}, ${b.id}) order by p.order_id`,
    );
    expect(captured.map((c) => [c.status, c.gateway])).toEqual([
      ['captured', 'captured'],
      ['captured', 'captured'],
    ]);
    const [mails] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from notification_outbox where kind = 'shipped'
          and payload->'orderIds' @> ${JSON.stringify([a.id])}::jsonb`,
    );
    expect(mails?.n).toBe(1);
  });

  test('the same key sent twice at once makes one bundle', async () => {
    const m = await insertMember(t);
    const a = await placeOrder(m, { price: 1000, future: true });
    const b = await placeOrder(m, { price: 1000, future: true });
    const key = crypto.randomUUID();
    const results = await Promise.all([bundle(m, [a.id, b.id], key), bundle(m, [a.id, b.id], key)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    const ids = await Promise.all(results.map(async (r) => ((await r.json()) as BundleView).id));
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('fuzz: bundle endpoints', () => {
  test('random bodies, paths and keys answer 2xx or 4xx, never 5xx; refusals change nothing', async () => {
    const m = await insertMember(t);
    const own = [
      await placeOrder(m, { price: 1000, future: true }),
      await placeOrder(m, { price: 1000, future: true }),
    ].map((o) => o.id);
    const idArb = fc.oneof(fc.constantFrom(...own, 0, -1, 99_999_999), fc.integer(), fc.string());
    const bodyArb = fc.oneof(
      fc.jsonValue(),
      fc.record({ orderIds: fc.oneof(fc.array(idArb, { maxLength: 25 }), fc.jsonValue()) }),
      fc.record({ orderIds: fc.array(idArb), extra: fc.jsonValue() }),
    );
    const pathArb = fc.oneof(
      fc.constantFrom(BUNDLE, `${BUNDLE}preview/`, `${BUNDLE}1/`, `${BUNDLE}?orderId=${own[0]}`),
      fc.string().map((s) => `${BUNDLE}${encodeURIComponent(s)}/`),
      fc.string().map((s) => `${BUNDLE}?orderId=${encodeURIComponent(s)}`),
      fc.string().map((s) => `/api/operator/bundles/${encodeURIComponent(s)}/ship/`),
    );
    await fc.assert(
      fc.asyncProperty(
        pathArb,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.oneof(
          bodyArb.map((v) => JSON.stringify(v)),
          fc.string(),
        ),
        fc.oneof(fc.uuid().map(String), fc.string()),
        async (path, method, body, key) => {
          const before = await snapshot(t.db);
          const bundles = await bundleCount();
          const res = await m.client.request(method, path, method === 'GET' ? undefined : body, {
            'idempotency-key': key,
          });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            const error = ((await res.json()) as { error: { code: string; message: string } })
              .error;
            expect(error.code).toMatch(/^[a-z_]+$/);
            expect(error.message.length).toBeGreaterThan(0);
            expect(await snapshot(t.db)).toEqual(before);
            expect(await bundleCount()).toBe(bundles);
          }
        },
      ),
      { numRuns: 120, ...(seed === undefined ? {} : { seed }) },
    );
  }, 120_000);
});
