import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  confirm,
  insertMember,
  insertProduct,
  type MemberFixture,
  OPERATOR_TOKEN,
  operatorPost,
  ordersTestApp,
  reserveByTransfer,
  snapshot,
} from '../../test/support/orders-app';
import { txRows } from '../db/tx';
import { createSandboxToken } from '../payments/sandbox/sandbox-token';

// Replay a failure with FC_SEED=<seed printed by fast-check>.
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

const t = ordersTestApp();

const releaseDate = (productId: number | string, body: unknown) =>
  operatorPost(t, `/api/operator/products/${productId}/release-date/`, body);

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

/** A reservable product known only to a part of a month (or to the month, or to the day). */
async function vagueProduct(date: string, precision: 'day' | 'month_part' | 'month') {
  return insertProduct(t.db, {
    sellStartDate: date,
    canReserve: true,
    stock: 5,
    releaseDatePrecision: precision,
  });
}

interface ProductPage {
  release_date: { date: string; precision: string } | null;
  release_date_label: string;
  sell_start_date: string | null;
  variations: { sell_start_date: string | null }[];
  postponements: {
    previous: { date: string; precision: string };
    next: { date: string; precision: string } | null;
    reason: string;
  }[];
}

async function productPage(slug: string): Promise<ProductPage> {
  const res = await t.app.request(`/api/products/${slug}/`);
  expect(res.status).toBe(200);
  return (await res.json()) as ProductPage;
}

async function listSlugs(path: string): Promise<string[]> {
  const res = await t.app.request(path);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { slug: string }[] }).items.map((i) => i.slug);
}

type OrderRelease = { releaseDate: string | null; releaseDatePrecision: string | null };

/** The release of one of the member's orders, as GET /api/orders/{id}/ answers it. */
async function orderRelease(m: MemberFixture, orderId: number): Promise<OrderRelease> {
  const res = await m.client.get(`/api/orders/${orderId}/`);
  expect(res.status).toBe(200);
  const { releaseDate, releaseDatePrecision } = (await res.json()) as OrderRelease;
  return { releaseDate, releaseDatePrecision };
}

async function postponementCount(productId: number): Promise<number> {
  const [row] = await txRows<{ n: number }>(
    t.db.orm,
    sql`select count(*)::int as n from release_postponements where product_id = ${productId}`,
  );
  return row?.n ?? -1;
}

describe('release date change (発売延期)', () => {
  test('a 下旬 product moved to a day: product page, label, day list, delay list, history and its reservations follow', async () => {
    const p = await vagueProduct('2027-01-21', 'month_part');
    const m = await insertMember(t);
    const reserved = await reserveByTransfer(m, p.variationId, 1);
    expect(reserved.status).toBe(201);
    const [order] = ((await reserved.json()) as { orders: (OrderRelease & { id: number })[] })
      .orders;
    expect(order).toMatchObject({ releaseDate: '2027-01-21', releaseDatePrecision: 'month_part' });
    expect((await productPage(p.slug)).release_date_label).toBe('2027年1月下旬発売予定');

    const res = await releaseDate(p.productId, { releaseDate: '2027-02-14', reason: '作家都合' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      productId: p.productId,
      previousDate: '2027-01-21',
      previousPrecision: 'month_part',
      newDate: '2027-02-14',
      newPrecision: 'day',
      ordersUpdated: 1,
    });

    const page = await productPage(p.slug);
    expect(page.release_date).toEqual({ date: '2027-02-14', precision: 'day' });
    expect(page.release_date_label).toBe('2027年2月14日(日)発売');
    expect(page.sell_start_date).toBe('2027-02-14');
    expect(page.variations.map((v) => v.sell_start_date)).toEqual(['2027-02-14']);
    expect(page.postponements).toEqual([
      {
        previous: { date: '2027-01-21', precision: 'month_part' },
        next: { date: '2027-02-14', precision: 'day' },
        reason: '作家都合',
        announced_at: t.deps.now().toISOString(),
      },
    ]);
    // Known to the day now, it is on that day's release list; the latest delay comes first.
    expect(await listSlugs('/api/productlist/sale/day/?date=2027-02-14')).toContain(p.slug);
    expect((await listSlugs('/api/productlist/delay/'))[0]).toBe(p.slug);
    expect(await orderRelease(m, order?.id ?? 0)).toEqual({
      releaseDate: '2027-02-14',
      releaseDatePrecision: 'day',
    });
  });

  test("an order waits for its items' release at their precision, moved with them while it is open; a cancelled order keeps its own", async () => {
    const middle = await vagueProduct('2027-03-11', 'month_part');
    const exact = await vagueProduct('2027-03-11', 'day');
    const march = await vagueProduct('2027-03-01', 'month');
    const m = await insertMember(t);
    const reserve = (variationIds: number[]) =>
      confirm(m.client, '/api/reserveshop/reserve/', {
        shippingMethod: 'home_delivery',
        paymentMethod: 'bank_transfer',
        addressId: m.addressId,
        items: variationIds.map((variationId) => ({ variationId, quantity: 1 })),
      });
    const quote = await m.client.post('/api/reserveshop/reserve/quote/', {
      items: [middle, exact].map((p) => ({ variationId: p.variationId, quantity: 1 })),
    });
    expect(
      ((await quote.json()) as { shipments: OrderRelease[] }).shipments.map(
        ({ releaseDate, releaseDatePrecision }) => ({ releaseDate, releaseDatePrecision }),
      ),
    ).toEqual([{ releaseDate: '2027-03-11', releaseDatePrecision: 'month_part' }]);
    // One order of a 中旬 item and an item of the 11th: 中旬 is all that is known of when it ships.
    const both = await reserve([middle.variationId, exact.variationId]);
    expect(both.status).toBe(201);
    const [order] = ((await both.json()) as { orders: (OrderRelease & { id: number })[] }).orders;
    expect(order).toMatchObject({ releaseDate: '2027-03-11', releaseDatePrecision: 'month_part' });
    const cancelled = (
      (await (await reserve([march.variationId])).json()) as { orders: { id: number }[] }
    ).orders[0]?.id;
    expect((await m.client.post(`/api/orders/${cancelled}/cancel/`, {})).status).toBe(200);
    const id = order?.id ?? 0;

    // The 中旬 item made exact on the 15th: the item of the 11th is out before, so the 15th.
    await releaseDate(middle.productId, { releaseDate: '2027-03-15', precision: 'day' });
    expect(await orderRelease(m, id)).toEqual({
      releaseDate: '2027-03-15',
      releaseDatePrecision: 'day',
    });
    // The other item known only to March now: it may come out on the 31st, after the 15th.
    await releaseDate(exact.productId, { releaseDate: '2027-03-01', precision: 'month' });
    expect(await orderRelease(m, id)).toEqual({
      releaseDate: '2027-03-15',
      releaseDatePrecision: 'month',
    });
    // ... then to 下旬: the order waits for 3月下旬, from the 21st.
    await releaseDate(exact.productId, { releaseDate: '2027-03-21', precision: 'month_part' });
    expect(await orderRelease(m, id)).toEqual({
      releaseDate: '2027-03-21',
      releaseDatePrecision: 'month_part',
    });
    const list = (await (await m.client.get('/api/orders/')).json()) as {
      orders: (OrderRelease & { id: number })[];
    };
    expect(list.orders.find((o) => o.id === id)).toMatchObject({
      releaseDate: '2027-03-21',
      releaseDatePrecision: 'month_part',
    });

    // The cancelled order's product is moved and made exact: the order keeps its March.
    const moved = await releaseDate(march.productId, { releaseDate: '2027-05-10' });
    expect(await moved.json()).toMatchObject({ ordersUpdated: 0 });
    expect(await orderRelease(m, cancelled ?? 0)).toEqual({
      releaseDate: '2027-03-01',
      releaseDatePrecision: 'month',
    });
  });

  test('the body may carry the precision: a month part or a month is stored as its first day', async () => {
    const p = await vagueProduct('2027-04-10', 'day');
    expect(await listSlugs('/api/productlist/sale/day/?date=2027-04-10')).toContain(p.slug);

    const late = await releaseDate(p.productId, {
      releaseDate: '2027-05-25',
      precision: 'month_part',
    });
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({
      previousDate: '2027-04-10',
      previousPrecision: 'day',
      newDate: '2027-05-21',
      newPrecision: 'month_part',
    });
    let page = await productPage(p.slug);
    expect(page.release_date).toEqual({ date: '2027-05-21', precision: 'month_part' });
    expect(page.release_date_label).toBe('2027年5月下旬発売予定');
    // Only a part of the month is known: not on a day's list, on the month's.
    expect(await listSlugs('/api/productlist/sale/day/?date=2027-05-21')).not.toContain(p.slug);
    expect(await listSlugs('/api/productlist/sale/day/?date=2027-04-10')).not.toContain(p.slug);
    expect(await listSlugs('/api/productlist/sale/month/?date=2027-05-01')).toContain(p.slug);

    const month = await releaseDate(p.productId, { releaseDate: '2027-06-30', precision: 'month' });
    expect(await month.json()).toMatchObject({ newDate: '2027-06-01', newPrecision: 'month' });
    page = await productPage(p.slug);
    expect(page.release_date_label).toBe('2027年6月発売予定');
    expect(page.postponements.map((r) => [r.previous, r.next])).toEqual([
      [
        { date: '2027-04-10', precision: 'day' },
        { date: '2027-05-21', precision: 'month_part' },
      ],
      [
        { date: '2027-05-21', precision: 'month_part' },
        { date: '2027-06-01', precision: 'month' },
      ],
    ]);

    // The same day with only the precision made exact is a change too.
    const exact = await releaseDate(p.productId, { releaseDate: '2027-06-01', precision: 'day' });
    expect(exact.status).toBe(200);
    expect((await productPage(p.slug)).release_date_label).toBe('2027年6月1日(火)発売');
    expect(await postponementCount(p.productId)).toBe(3);
  });

  test('the same date and precision again is refused and records nothing', async () => {
    const p = await vagueProduct('2027-03-11', 'month_part');
    const before = await snapshot(t.db);
    // 2027-03-15 is in the same 中旬 as the stored 2027-03-11.
    for (const body of [
      { releaseDate: '2027-03-11', precision: 'month_part' },
      { releaseDate: '2027-03-15', precision: 'month_part', reason: '再送' },
    ]) {
      const res = await releaseDate(p.productId, body);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({
        code: 'release_date_unchanged',
        message: '発売日は変更されていません（同じ日付と精度が登録済みです）。',
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(await postponementCount(p.productId)).toBe(0);
  });

  test('an unknown product is 404', async () => {
    const res = await releaseDate(99_999_999, { releaseDate: '2027-02-14' });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({
      code: 'product_not_found',
      message: '商品が見つかりません。',
    });
  });

  test.each([
    ['an impossible date', { releaseDate: '2027-02-30' }],
    ['a date-time', { releaseDate: '2027-02-14T00:00:00Z' }],
    ['no date', { reason: '未定' }],
    ['an unknown precision', { releaseDate: '2027-02-14', precision: 'week' }],
    ['a reason over 200 characters', { releaseDate: '2027-02-14', reason: '延'.repeat(201) }],
    ['a card number in the reason', { releaseDate: '2027-02-14', reason: '4111 1111 1111 1111' }],
    [
      'a right-to-left override in the reason',
      { releaseDate: '2027-02-14', reason: '作家\u202E都合' },
    ],
    ['an unknown field', { releaseDate: '2027-02-14', note: 'x' }],
    ['broken JSON', '{"releaseDate":', 'bad_request'],
    ['an array', ['2027-02-14']],
  ])('%s is a 400 that changes nothing', async (_, body, code = 'invalid_json') => {
    const p = await vagueProduct('2027-01-11', 'month_part');
    const before = await snapshot(t.db);
    const res = await releaseDate(p.productId, body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('a bad product id is a 400', async () => {
    for (const id of ['0', 'abc', '-1', '1.5']) {
      const res = await releaseDate(id, { releaseDate: '2027-02-14' });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('invalid_param');
    }
  });
});

describe('operator authentication and paths', () => {
  test('no or a wrong token is 401 (the staff authentication); a path no operation serves is 404 with or without it', async () => {
    const p = await vagueProduct('2027-01-01', 'month');
    const path = `/api/operator/products/${p.productId}/release-date/`;
    for (const token of [null, 'wrong', `${OPERATOR_TOKEN}x`]) {
      const res = await operatorPost(t, path, { releaseDate: '2027-02-14' }, token);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('staff_unauthorized');
    }
    expect((await productPage(p.slug)).release_date_label).toBe('2027年1月発売予定');
    for (const token of [null, OPERATOR_TOKEN]) {
      for (const unknown of ['/api/operator/nope/', `/api/operator/products/${p.productId}/`]) {
        const res = await operatorPost(t, unknown, {}, token);
        expect(res.status).toBe(404);
        expect((await errorOf(res)).code).toBe('not_found');
      }
    }
  });
});

describe('fuzz: operator endpoints with the valid token', () => {
  test('random paths, methods and bodies answer 2xx or 4xx, never 5xx; refusals change nothing', async () => {
    const members: MemberFixture[] = [await insertMember(t), await insertMember(t)];
    const released = await insertProduct(t.db, { stock: 20 });
    const future = await vagueProduct('2027-02-01', 'month');
    const orderIds: number[] = [];
    for (const [i, m] of members.entries()) {
      await m.client.post('/api/cart/', { variationId: released.variationId, quantity: 1 });
      const placed = await confirm(m.client, '/api/reserveshop/checkout/', {
        shippingMethod: 'home_delivery',
        paymentMethod: i === 0 ? 'credit_card' : 'bank_transfer',
        addressId: m.addressId,
        ...(i === 0 ? { card: { token: createSandboxToken({ outcome: 'ok' }) } } : {}),
      });
      const reserved = await reserveByTransfer(m, future.variationId, 1);
      for (const res of [placed, reserved]) {
        expect(res.status).toBe(201);
        for (const o of ((await res.json()) as { orders: { id: number }[] }).orders)
          orderIds.push(o.id);
      }
    }
    const productIds = [released.productId, future.productId];
    const idArb = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...orderIds, ...productIds).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', '99999999', '1e3', 'abc', '') },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    );
    const pathArb = fc.oneof(
      fc
        .tuple(idArb, fc.constantFrom('ship', 'payment-received', 'cancel', 'nope'))
        .map(([id, action]) => `/api/operator/orders/${encodeURIComponent(id)}/${action}/`),
      idArb.map((id) => `/api/operator/bundles/${encodeURIComponent(id)}/ship/`),
      idArb.map((id) => `/api/operator/products/${encodeURIComponent(id)}/release-date/`),
      fc.string({ maxLength: 20 }).map((s) => `/api/operator/${encodeURIComponent(s)}/`),
    );
    const dayArb = fc
      .date({
        min: new Date('2026-01-01T00:00:00Z'),
        max: new Date('2028-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const bodyArb = fc.oneof(
      {
        weight: 2,
        arbitrary: fc.record(
          {
            releaseDate: dayArb,
            precision: fc.constantFrom('day', 'month_part', 'month'),
            reason: fc.string({ maxLength: 20 }),
          },
          { requiredKeys: ['releaseDate'] },
        ),
      },
      {
        weight: 1,
        arbitrary: fc.record(
          {
            releaseDate: fc.oneof(dayArb, fc.string({ maxLength: 12 }), fc.constant('2027-02-30')),
            precision: fc.oneof(
              fc.constantFrom('day', 'month_part', 'month'),
              fc.string({ maxLength: 6 }),
            ),
            reason: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
            extra: fc.jsonValue({ maxDepth: 1 }),
          },
          { requiredKeys: [] },
        ),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        pathArb,
        fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE'),
        fc.oneof(
          { weight: 4, arbitrary: bodyArb.map((b) => JSON.stringify(b)) },
          { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
        ),
        async (path, method, body) => {
          const before = await snapshot(t.db);
          const res = await t.app.request(path, {
            method,
            headers: {
              authorization: `Bearer ${OPERATOR_TOKEN}`,
              'content-type': 'application/json',
            },
            ...(method === 'GET' ? {} : { body }),
          });
          expect(res.status, `${method} ${path} ${body}`).toBeLessThan(500);
          if (res.status >= 400) {
            const error = await errorOf(res);
            expect(error.code).toMatch(/^[a-z_]+$/);
            expect(error.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
            expect(await snapshot(t.db)).toEqual(before);
            seen.add(error.code);
          } else {
            seen.add(String(res.status));
          }
        },
      ),
      { numRuns: 200, ...(seed === undefined ? {} : { seed }) },
    );
    // The requests got past authentication: operations ran, and the services refused some.
    expect(seen).toContain('200');
    expect(seen).not.toContain('staff_unauthorized');
    expect(
      [
        'order_not_shippable',
        'not_awaiting_payment',
        'order_not_cancellable',
        'release_date_unchanged',
        'not_released',
        'unpaid',
        'order_not_found',
        'product_not_found',
        'bundle_not_found',
      ].some((code) => seen.has(code)),
    ).toBe(true);
  }, 120_000);
});

describe('the audit log of operator writes', () => {
  test('a release change through /api/operator/ records one entry under its staff actor; a refused one none', async () => {
    const p = await vagueProduct('2027-04-01', 'month');
    expect((await releaseDate(p.productId, { releaseDate: '2027-04-20' })).status).toBe(200);
    expect((await releaseDate(p.productId, { releaseDate: '2027-04-20' })).status).toBe(409);
    const entries = await txRows<{
      actor: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      t.db.orm,
      sql`select actor, action, before, after from audit_log
          where target_type = 'product' and target_id = ${String(p.productId)}`,
    );
    expect(entries).toEqual([
      {
        actor: 'OPERATOR_TOKEN',
        action: 'product.release_date_change',
        before: { releaseDate: '2027-04-01', precision: 'month' },
        after: { releaseDate: '2027-04-20', precision: 'day', reason: '' },
      },
    ]);
  });
});
