import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminRequest,
  auditOf,
  type HandMadeOrder,
  insertOrder,
  mailsOf,
} from '../../test/support/admin-orders';
import {
  createOrdersTestApp,
  insertMember,
  insertProduct,
  type OrdersTestApp,
  type ProductFixture,
  snapshot,
  stockOf,
} from '../../test/support/orders-app';
import { txRows } from '../db/tx';

// The back office's orders (docs/backoffice.md "Orders"): filters exact against a hand-made set,
// keyset walks, the bulk actions' per-order results and audit entries, the tracking CSV.
// Runs on PGlite and, with DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL, where the
// concurrent bulk ships really race.

let t: OrdersTestApp;
let product: ProductFixture;
let later: ProductFixture;
let members: number[];
/** The hand-made orders with their ids, for the filters' expected answers. */
const made: (HandMadeOrder & { id: number })[] = [];

interface Row {
  id: number;
  number: string;
  state: string;
  stateLabel: string;
  member: { id: number; name: string };
  overdue: boolean;
  itemCount: number;
}
interface Page {
  items: Row[];
  nextCursor: string | null;
}

async function list(query: string): Promise<Page> {
  const res = await adminRequest(t, 'GET', `orders/?${query}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
}

/** Every page of a listing, following nextCursor. */
async function walk(query: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: Page = await list(
      `${query}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((r) => r.id));
    cursor = page.nextCursor;
    if (cursor === null) return ids;
  }
  throw new Error('the walk never ended');
}

/** The made orders a predicate keeps, newest first by (placedAt, id). */
function expected(keep: (o: (typeof made)[number]) => boolean): number[] {
  return made
    .filter(keep)
    .sort((a, b) => (a.placedAt === b.placedAt ? b.id - a.id : a.placedAt < b.placedAt ? 1 : -1))
    .map((o) => o.id);
}

beforeAll(async () => {
  t = await createOrdersTestApp({ poolSize: 8 });
  // 2026-11-20 12:00 JST: a due date of the 19th is past, of the 20th not yet.
  product = await insertProduct(t.db, { stock: 1000 });
  later = await insertProduct(t.db, { stock: 1000, sellStartDate: '2026-12-10', canReserve: true });
  members = [(await insertMember(t)).memberId, (await insertMember(t)).memberId];
  const [a = 0, b = 0] = members;
  const shared = '2026-11-18T01:00:00.000Z';
  const rows: HandMadeOrder[] = [
    { memberId: a, ...product, state: 'preparing', placedAt: '2026-11-10T00:00:00.000Z' },
    { memberId: a, ...product, state: 'shipped', placedAt: '2026-11-11T15:00:00.000Z' },
    {
      memberId: b,
      ...product,
      state: 'awaiting_payment',
      paymentMethod: 'bank_transfer',
      paymentDueDate: '2026-11-19',
      placedAt: '2026-11-12T00:00:00.000Z',
    },
    {
      memberId: b,
      ...product,
      state: 'awaiting_payment',
      paymentMethod: 'yucho',
      paymentDueDate: '2026-11-20',
      placedAt: '2026-11-13T00:00:00.000Z',
    },
    { memberId: a, ...product, state: 'cancelled', placedAt: shared, quantity: 3 },
    { memberId: b, ...product, state: 'preparing', placedAt: shared },
    {
      memberId: a,
      ...product,
      state: 'preparing',
      placedAt: shared,
      paymentMethod: 'cash_on_delivery',
    },
    {
      memberId: b,
      ...later,
      state: 'reserved',
      releaseDate: '2026-12-10',
      placedAt: '2026-11-19T00:00:00.000Z',
    },
    {
      memberId: a,
      ...later,
      state: 'reserved',
      releaseDate: '2026-12-01',
      placedAt: '2026-11-19T14:59:59.999Z',
    },
    { memberId: a, ...product, state: 'preparing', placedAt: '2026-11-19T15:00:00.000Z' },
  ];
  for (const row of rows) made.push({ ...row, id: await insertOrder(t, row) });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/orders/', () => {
  test('answers 401 without a staff identity', async () => {
    const res = await t.app.request('/api/admin/orders/');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'staff_unauthorized',
    );
  });

  test('each filter keeps exactly the orders it names, newest first', async () => {
    const [a] = members;
    const cases: [string, (o: (typeof made)[number]) => boolean][] = [
      ['', () => true],
      ['state=preparing', (o) => o.state === 'preparing'],
      [
        'state=reserved,awaiting_payment',
        (o) => ['reserved', 'awaiting_payment'].includes(o.state),
      ],
      [
        'paymentMethod=bank_transfer,yucho',
        (o) => ['bank_transfer', 'yucho'].includes(o.paymentMethod ?? ''),
      ],
      [
        'overdue=1',
        (o) => o.state === 'awaiting_payment' && (o.paymentDueDate ?? '9') < '2026-11-20',
      ],
      ['releaseFrom=2026-12-02&releaseTo=2026-12-31', (o) => o.releaseDate === '2026-12-10'],
      ['releaseTo=2026-12-01', (o) => o.releaseDate === '2026-12-01'],
      [`memberId=${a}`, (o) => o.memberId === a],
      [`orderNumber=${made[3]?.id}`, (o) => o.id === made[3]?.id],
      // JST days: 2026-11-19T15:00Z is the 20th in Japan, 14:59:59.999Z still the 19th.
      [
        'placedFrom=2026-11-19&placedTo=2026-11-19',
        (o) => o.placedAt.startsWith('2026-11-19T') && o.placedAt < '2026-11-19T15',
      ],
      ['placedFrom=2026-11-20', (o) => o.placedAt >= '2026-11-19T15:00:00.000Z'],
      ['placedTo=2026-11-11', (o) => o.placedAt < '2026-11-11T15:00:00.000Z'],
      [`state=preparing&memberId=${a}`, (o) => o.state === 'preparing' && o.memberId === a],
    ];
    for (const [query, keep] of cases) {
      const page = await list(query);
      expect(
        page.items.map((r) => r.id),
        query,
      ).toEqual(expected(keep));
      expect(page.nextCursor, query).toBeNull();
    }
  });

  test('a row carries its number, member, label, overdue flag and copies', async () => {
    const overdue = made[2];
    const [row] = (await list(`orderNumber=${overdue?.id}`)).items;
    expect(row).toMatchObject({
      id: overdue?.id,
      number: String(overdue?.id),
      member: { id: overdue?.memberId, name: '山田 太郎' },
      state: 'awaiting_payment',
      stateLabel: '入金待ち',
      overdue: true,
      itemCount: 1,
    });
    const [cancelled] = (await list('state=cancelled')).items;
    expect(cancelled?.itemCount).toBe(3);
  });

  test('a cursor walk visits every order exactly once, even orders placed at the same instant', async () => {
    for (const limit of [1, 2, 3, 4, 7]) {
      expect(await walk('', limit)).toEqual(expected(() => true));
      expect(await walk('state=preparing,cancelled,reserved', limit)).toEqual(
        expected((o) => ['preparing', 'cancelled', 'reserved'].includes(o.state)),
      );
    }
  });

  test('refuses a forged cursor and unknown filter values with 400', async () => {
    for (const [query, code] of [
      ['cursor=bm9wZQ', 'invalid_cursor'],
      ['state=lost', 'invalid_query'],
      ['paymentMethod=bitcoin', 'invalid_query'],
      ['limit=201', 'invalid_query'],
      ['releaseFrom=2026-13-01', 'invalid_query'],
      ['memberId=-1', 'invalid_query'],
      ['sort=asc', 'invalid_query'],
    ] as const) {
      const res = await adminRequest(t, 'GET', `orders/?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code, query).toBe(code);
    }
  });
});

type BulkAnswer = {
  results: (
    | { id: number; ok: true; order: { state: string } }
    | { id: number; ok: false; code: string }
  )[];
};

async function bulk(path: string, body: unknown): Promise<BulkAnswer> {
  const res = await adminRequest(t, 'POST', `orders/bulk/${path}/`, body);
  expect(res.status).toBe(200);
  return (await res.json()) as BulkAnswer;
}

const order = (state: HandMadeOrder['state'], extra: Partial<HandMadeOrder> = {}) =>
  insertOrder(t, {
    memberId: members[0] ?? 0,
    ...product,
    state,
    placedAt: '2026-11-15T00:00:00.000Z',
    ...extra,
  });

describe('bulk actions', () => {
  test('payment received: each waiting order moves on with its mail and audit entry; the others are refused one by one', async () => {
    const waiting = [
      await order('awaiting_payment', {
        paymentMethod: 'bank_transfer',
        paymentDueDate: '2026-11-25',
      }),
      await order('awaiting_payment', { paymentMethod: 'yucho', paymentDueDate: '2026-11-25' }),
    ];
    const preparing = await order('preparing');
    const answer = await bulk('payment-received', {
      orderIds: [waiting[0], preparing, 99_999_999, waiting[1]],
    });
    expect(answer.results.map((r) => [r.id, r.ok ? r.order.state : r.code])).toEqual([
      [waiting[0], 'preparing'],
      [preparing, 'not_awaiting_payment'],
      [99_999_999, 'order_not_found'],
      [waiting[1], 'preparing'],
    ]);
    for (const id of waiting) {
      expect(await auditOf(t, 'order', id ?? 0)).toMatchObject([
        { action: 'order.payment_received', actor: 'OPERATOR_TOKEN' },
      ]);
      expect(await mailsOf(t, 'payment_received', id ?? 0)).toBe(1);
    }
    expect(await auditOf(t, 'order', preparing)).toEqual([]);
    expect(await mailsOf(t, 'payment_received', preparing)).toBe(0);
  });

  test('ship: each shippable order ships with its tracking number; an unpaid or shipped one is refused alone', async () => {
    const ready = await order('preparing');
    const unpaid = await order('awaiting_payment', {
      paymentMethod: 'bank_transfer',
      paymentDueDate: '2026-11-25',
    });
    const answer = await bulk('ship', {
      shipments: [
        { orderId: ready, carrier: 'yamato', trackingNumber: '1234-5678-9012' },
        { orderId: unpaid, carrier: 'sagawa', trackingNumber: '1234567890' },
        { orderId: ready, carrier: 'yamato', trackingNumber: '1234-5678-9012' },
      ],
    });
    expect(answer.results.map((r) => (r.ok ? r.order.state : r.code))).toEqual([
      'shipped',
      'order_not_shippable',
      'order_not_shippable',
    ]);
    expect(await auditOf(t, 'order', ready)).toMatchObject([
      {
        action: 'order.ship',
        after: { state: 'shipped', carrier: 'yamato', trackingNumber: '123456789012' },
      },
    ]);
    expect(await mailsOf(t, 'shipped', ready)).toBe(1);
    expect(await auditOf(t, 'order', unpaid)).toEqual([]);
  });

  test('cancel: with a reason, kept in the history, the audit entry and the detail page', async () => {
    const open = await order('preparing', { quantity: 2 });
    const shipped = await order('shipped');
    const stockBefore = await stockOf(t.db, product.variationId);
    const answer = await bulk('cancel', { orderIds: [open, shipped], reason: '在庫切れのため' });
    expect(answer.results.map((r) => (r.ok ? r.order.state : r.code))).toEqual([
      'cancelled',
      'order_not_cancellable',
    ]);
    expect((await stockOf(t.db, product.variationId)) - stockBefore).toBe(2);
    const res = await adminRequest(t, 'GET', `orders/${open}/`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as {
      order: { id: number; state: string };
      history: { toState: string; note: string; actor: string }[];
      mails: { kind: string }[];
      audit: { action: string; after: { reason: string } }[];
      payment: { method: string; methodLabel: string };
      address: { prefecture: string };
      seller: { name: string; address: string; phone: string };
      tax: { total: number; ratePercent: number; included: number };
    };
    expect(detail.order).toMatchObject({ id: open, state: 'cancelled' });
    expect(detail.history).toMatchObject([
      { toState: 'cancelled', note: '在庫切れのため', actor: 'operator' },
    ]);
    expect(detail.mails.map((m) => m.kind)).toEqual(['order_cancelled']);
    expect(detail.audit).toMatchObject([
      { action: 'order.cancel', after: { reason: '在庫切れのため' } },
    ]);
    expect(detail.payment).toMatchObject({
      method: 'credit_card',
      methodLabel: 'クレジットカード',
    });
    expect(detail.address.prefecture).toBe('東京都');
    expect(detail.seller).toEqual(t.deps.config.commerce.seller);
    expect(detail.seller.name).toBe('株式会社しおり書房');
    // Two copies at 1,100 yen, no fees: 2,200 yen containing 200 yen of tax.
    expect(detail.tax).toEqual({ total: 2200, ratePercent: 10, included: 200 });
  });

  test('refuses a call without a reason, with no order, or with more than 500 orders, changing nothing', async () => {
    const before = await snapshot(t.db);
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    for (const [path, body] of [
      ['cancel', { orderIds: [1] }],
      ['cancel', { orderIds: [], reason: 'x' }],
      ['payment-received', { orderIds: ids }],
      ['ship', { shipments: [{ orderId: 1, carrier: 'yamato', trackingNumber: '12' }] }],
    ] as const) {
      const res = await adminRequest(t, 'POST', `orders/bulk/${path}/`, body);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('500 shipments fit in one call (its body is over the default 16 KB limit)', async () => {
    const shipments = Array.from({ length: 500 }, (_, i) => ({
      orderId: 90_000_000 + i,
      carrier: 'japan_post',
      trackingNumber: '1234-5678-9012-3',
    }));
    expect(JSON.stringify({ shipments }).length).toBeGreaterThan(16 * 1024);
    const answer = await bulk('ship', { shipments });
    expect(answer.results).toHaveLength(500);
    expect(new Set(answer.results.map((r) => (r.ok ? 'ok' : r.code)))).toEqual(
      new Set(['order_not_found']),
    );
  });

  test('GET orders/:id/ answers 404 for an unknown order', async () => {
    const res = await adminRequest(t, 'GET', 'orders/99999999/');
    expect(res.status).toBe(404);
  });
});

describe('POST /api/admin/orders/tracking-csv/', () => {
  const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
  const upload = (body: string, query = '') =>
    adminRequest(t, 'POST', `orders/tracking-csv/${query}`, body, 'text/csv');

  test('with any bad row nothing ships, and every bad row is named by its line', async () => {
    const a = await order('preparing');
    const b = await order('preparing');
    const done = await order('shipped');
    const before = await snapshot(t.db);
    const res = await upload(
      csv([
        'order_number,carrier,tracking_number',
        `${a},yamato,1234-5678-9012`,
        `${b},ヤマト運輸,12345`,
        '99999999,sagawa,1234567890',
        `${a},sagawa,1234567890`,
        `${b},fedex,123456789012`,
        `${done},日本郵便,12345678901`,
      ]),
    );
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as {
      error: { code: string; details: { path: string; code: string; message: string }[] };
    };
    expect(error.code).toBe('invalid_csv');
    expect(error.details.map((d) => [d.path, d.code])).toEqual([
      ['lines.3.tracking_number', 'tracking_number'],
      ['lines.4.order_number', 'unknown_order'],
      ['lines.5.order_number', 'duplicate_order'],
      ['lines.6.order_number', 'duplicate_order'],
      ['lines.6.carrier', 'unknown_carrier'],
      ['lines.7.order_number', 'order_not_shippable'],
    ]);
    expect(error.details[2]?.message).toBe(`5行目: ご注文番号${a}は2行目にもあります。`);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('a wrong header or an unterminated quote is refused at its line', async () => {
    const wrong = await upload(csv(['order,carrier,tracking', '1,yamato,123456789012']));
    expect(
      ((await wrong.json()) as { error: { details: { path: string }[] } }).error.details,
    ).toMatchObject([{ path: 'lines.1.header' }]);
    const quote = await upload(
      csv(['order_number,carrier,tracking_number', '1,"yamato,123456789012']),
    );
    expect(quote.status).toBe(400);
    expect(
      ((await quote.json()) as { error: { details: { path: string }[] } }).error.details,
    ).toMatchObject([{ path: 'lines.2.csv' }]);
  });

  test('a dry run only checks; then the file ships every row with its carrier (code or Japanese name)', async () => {
    const a = await order('preparing');
    const b = await order('preparing');
    const body = `\uFEFF${csv([
      'order_number,carrier,tracking_number',
      `${a},ヤマト運輸,1234-5678-9012`,
      `"${b}",japan_post,"１２３４５６７８９０１"`,
    ])}`;
    const before = await snapshot(t.db);
    const dry = await upload(body, '?dryRun=1');
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({
      dryRun: true,
      rows: [
        { line: 2, orderId: a, carrier: 'yamato', trackingNumber: '123456789012' },
        { line: 3, orderId: b, carrier: 'japan_post', trackingNumber: '12345678901' },
      ],
      results: [],
    });
    expect(await snapshot(t.db)).toEqual(before);
    const res = await upload(body);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as BulkAnswer;
    expect(answer.results.map((r) => [r.id, r.ok])).toEqual([
      [a, true],
      [b, true],
    ]);
    for (const id of [a, b]) {
      expect(await mailsOf(t, 'shipped', id)).toBe(1);
      expect((await auditOf(t, 'order', id)).map((e) => e.action)).toEqual(['order.ship']);
    }
  });
});

describe('concurrency', () => {
  test('two bulk ships of the same orders at once: each order ships once, with one mail and one audit entry', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await order('preparing'));
    const body = {
      shipments: ids.map((orderId) => ({
        orderId,
        carrier: 'yamato',
        trackingNumber: '1234-5678-9012',
      })),
    };
    const answers = await Promise.all([
      bulk('ship', body),
      bulk('ship', { shipments: [...body.shipments].reverse() }),
    ]);
    for (const id of ids) {
      const outcomes = answers.map((a) => a.results.find((r) => r.id === id));
      expect(outcomes.filter((r) => r?.ok).length, `order ${id}`).toBe(1);
      expect(outcomes.filter((r) => r?.ok === false).map((r) => !r?.ok && r?.code)).toEqual([
        'order_not_shippable',
      ]);
      expect(await mailsOf(t, 'shipped', id)).toBe(1);
      expect(await auditOf(t, 'order', id)).toHaveLength(1);
    }
    const history = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from order_state_history where to_state = 'shipped'
          and order_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(history[0]?.n).toBe(10);
  });
});
