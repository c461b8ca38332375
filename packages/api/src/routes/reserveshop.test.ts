import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, onTestFinished, test } from 'vitest';
import {
  confirm,
  insertMember,
  insertProduct,
  operatorPost,
  ordersTestApp,
  pointBalanceOf,
  snapshot,
  stockOf,
} from '../../test/support/orders-app';
import { txRows } from '../db/tx';
import type { AuthorizeRequest } from '../payments/gateway';
import { DbSandboxStore } from '../payments/sandbox/db-sandbox-store';
import { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { createSandboxToken } from '../payments/sandbox/sandbox-token';
import { MAX_CART_LINES } from '../services/cart';
import { CHECKOUT_MESSAGES } from '../services/checkout/messages';
import { recoverAbandonedCheckouts } from '../services/checkout/recovery';

/**
 * A sandbox gateway with a hook that runs while a checkout waits for the authorisation, and a
 * count of the authorisations asked for.
 */
const hooks: { beforeAuthorize?: (() => Promise<void>) | undefined } = {};
let authorizeCalls = 0;
class HookedGateway extends SandboxGateway {
  override async authorize(request: AuthorizeRequest) {
    authorizeCalls++;
    await hooks.beforeAuthorize?.();
    return super.authorize(request);
  }
}

const t = ordersTestApp({
  gateway: (db, now) => new HookedGateway({ store: new DbSandboxStore(db), now }),
});

const CHECKOUT = '/api/reserveshop/checkout/';
const RESERVE = '/api/reserveshop/reserve/';
const card = (outcome: 'ok' | 'decline' | 'timeout' = 'ok') => ({
  token: createSandboxToken({ outcome }),
});

async function gatewayStates(): Promise<Record<string, number>> {
  const rows = await txRows<{ status: string; n: number }>(
    t.db.orm,
    sql`select status, count(*)::int as n from sandbox_transactions group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe('cart', () => {
  test('adds, updates and removes lines, with the per-line limit', async () => {
    const { client } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 5 });
    const added = await client.post('/api/cart/', { variationId: p.variationId, quantity: 2 });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({
      count: 2,
      lines: [{ variationId: p.variationId, quantity: 2 }],
    });
    const more = await client.post('/api/cart/', { variationId: p.variationId, quantity: 4 });
    expect(more.status).toBe(409);
    expect(((await more.json()) as { error: { code: string } }).error.code).toBe(
      'insufficient_stock',
    );
    const tooMany = await client.put(`/api/cart/${p.variationId}/`, { quantity: 100 });
    expect(tooMany.status).toBe(400);
    const set = await client.put(`/api/cart/${p.variationId}/`, { quantity: 3 });
    expect(((await set.json()) as { count: number }).count).toBe(3);
    const removed = await client.delete(`/api/cart/${p.variationId}/`);
    expect(((await removed.json()) as { count: number }).count).toBe(0);
    expect((await client.delete(`/api/cart/${p.variationId}/`)).status).toBe(404);
  });

  test('50 new items added at once to a cart of 45 lines: exactly 5 are kept, the other 45 answer 422 too_many_lines', async () => {
    const { client } = await insertMember(t);
    const held = 45;
    for (let i = 0; i < held; i++) {
      const p = await insertProduct(t.db);
      expect((await client.post('/api/cart/', { variationId: p.variationId })).status).toBe(200);
    }
    const burst: number[] = [];
    for (let i = 0; i < 50; i++) burst.push((await insertProduct(t.db)).variationId);
    const answers = await Promise.all(
      burst.map((variationId) => client.post('/api/cart/', { variationId })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_CART_LINES - held);
    expect(statuses.filter((s) => s === 422)).toHaveLength(50 - (MAX_CART_LINES - held));
    const refused = answers.find((r) => r.status === 422) as Response;
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'too_many_lines',
    );
    const cart = (await (await client.get('/api/cart/')).json()) as { lines: unknown[] };
    expect(cart.lines).toHaveLength(MAX_CART_LINES);
  }, 60_000);

  test("each line carries its product's release precision, and checkout ships the lines of one day together, known as vaguely as the vaguest", async () => {
    const { client } = await insertMember(t);
    const reservable = async (sellStartDate: string, precision: 'day' | 'month_part') => {
      const p = await insertProduct(t.db, {
        sellStartDate,
        canReserve: true,
        price: 1100,
        releaseDatePrecision: precision,
      });
      await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
      return p;
    };
    // 2027年3月中旬 is stored on the 11th, the day an exactly dated item comes out.
    const middle = await reservable('2027-03-11', 'month_part');
    const exact = await reservable('2027-03-11', 'day');
    const later = await reservable('2027-03-25', 'day');
    const cart = (await (await client.get('/api/cart/')).json()) as {
      lines: { variationId: number; sellStartDate: string; releaseDatePrecision: string }[];
    };
    expect(cart.lines.map((l) => [l.variationId, l.sellStartDate, l.releaseDatePrecision])).toEqual(
      [
        [middle.variationId, '2027-03-11', 'month_part'],
        [exact.variationId, '2027-03-11', 'day'],
        [later.variationId, '2027-03-25', 'day'],
      ],
    );
    const quote = (await (
      await client.post(`${CHECKOUT}quote/`, {
        shippingMethod: 'home_delivery',
        paymentMethod: 'bank_transfer',
      })
    ).json()) as {
      shipments: { releaseDate: string; releaseDatePrecision: string; lines: unknown[] }[];
    };
    expect(
      quote.shipments.map((s) => [s.releaseDate, s.releaseDatePrecision, s.lines.length]),
    ).toEqual([
      ['2027-03-11', 'month_part', 2],
      ['2027-03-25', 'day', 1],
    ]);
  });
});

describe('checkout', () => {
  test('quote with short stock answers the priced cart with the short line marked; confirm refuses', async () => {
    const { client, addressId } = await insertMember(t);
    const short = await insertProduct(t.db, { price: 1100, stock: 3 });
    const plenty = await insertProduct(t.db, { price: 500, stock: 9 });
    await client.post('/api/cart/', { variationId: short.variationId, quantity: 3 });
    await client.post('/api/cart/', { variationId: plenty.variationId, quantity: 1 });
    await t.db.orm.execute(
      sql`update variations set stock_quantity = 1 where id = ${short.variationId}`,
    );
    const res = await client.post(`${CHECKOUT}quote/`, { shippingMethod: 'home_delivery' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      problem: { code: string; message: string } | null;
      totals: { subtotal: number } | null;
      shipments: {
        lines: { variationId: number; problem: { code: string; available: number } | null }[];
      }[];
    };
    expect(body.problem?.code).toBe('out_of_stock');
    expect(body.problem?.message).toMatch(/在庫が不足/);
    expect(body.totals?.subtotal).toBe(3 * 1100 + 500);
    const lines = body.shipments.flatMap((s) => s.lines);
    expect(lines.find((l) => l.variationId === short.variationId)?.problem).toMatchObject({
      code: 'out_of_stock',
      available: 1,
    });
    expect(lines.find((l) => l.variationId === plenty.variationId)?.problem).toBeNull();
    const confirmed = await confirm(client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: card(),
    });
    expect(confirmed.status).toBe(409);
    expect(((await confirmed.json()) as { error: { code: string } }).error.code).toBe(
      'out_of_stock',
    );
  });

  test('quote lists methods with fees and reasons and prices the cart', async () => {
    const { client } = await insertMember(t, { points: 300 });
    const p = await insertProduct(t.db, { price: 1100 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 2 });
    const res = await client.post(`${CHECKOUT}quote/`, {
      shippingMethod: 'yu_packet',
      paymentMethod: 'credit_card',
      usePoints: 100,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      totals: { subtotal: number; shippingFee: number; total: number; pointsUsed: number };
      paymentMethods: { typeName: string; available: boolean; reason: { code: string } | null }[];
      pointBalance: number;
    };
    expect(body.totals).toMatchObject({
      subtotal: 2200,
      shippingFee: 320,
      pointsUsed: 100,
      total: 2420,
    });
    expect(body.pointBalance).toBe(300);
    const cod = body.paymentMethods.find((m) => m.typeName === 'cash_on_delivery');
    expect(cod).toMatchObject({
      available: false,
      reason: { code: 'payment_not_available_for_economical_shipping' },
    });
  });

  test('a card checkout claims stock and benefit, spends points and empties the cart', async () => {
    const { client, addressId, memberId } = await insertMember(t, { points: 500 });
    const p = await insertProduct(t.db, { stock: 3, price: 2000, pointValue: 20, benefitMax: 1 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 2 });
    const res = await confirm(client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      usePoints: 200,
      card: card(),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      orders: { id: number; state: string; total: number; benefits: { quantity: number }[] }[];
    };
    expect(body.orders).toHaveLength(1);
    // 4000 goods + 246 shipping (3500-4999 tier) - 200 points.
    expect(body.orders[0]).toMatchObject({
      state: 'preparing',
      total: 4046,
      benefits: [{ quantity: 1 }],
    });
    expect(await stockOf(t.db, p.variationId)).toBe(1);
    expect(await pointBalanceOf(t.db, memberId)).toBe(300);
    const cart = (await (await client.get('/api/cart/')).json()) as { count: number };
    expect(cart.count).toBe(0);
    const [payment] = await txRows<{ status: string; amount: number }>(
      t.db.orm,
      sql`select status, amount from payments where order_id = ${body.orders[0]?.id}`,
    );
    expect(payment).toEqual({ status: 'authorized', amount: 4046 });
  });

  test('a checkout hands out only active benefits with units left, each up to the units bought', async () => {
    const { client, addressId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 5, benefitMax: 1 });
    const extra = await txRows<{ id: number; title: string }>(
      t.db.orm,
      sql`insert into benefits (product_id, title, available_max_num, claimed_count, distributed, expiry_date)
          values (${p.productId}, '有効', 5, 0, true, '2099-12-31'),
                 (${p.productId}, '期限切れ', 5, 0, true, '2000-01-01'),
                 (${p.productId}, '配布なし', 5, 0, false, null),
                 (${p.productId}, '配布終了', 2, 2, true, null)
          returning id, title`,
    );
    const idOf = (title: string) => extra.find((b) => b.title === title)?.id;
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 3 });
    const res = await confirm(client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      orders: { id: number; benefits: { benefitId: number; quantity: number }[] }[];
    };
    expect(body.orders[0]?.benefits).toEqual([
      { benefitId: p.benefitId, title: '描き下ろしイラストカード', quantity: 1 },
      { benefitId: idOf('有効'), title: '有効', quantity: 3 },
    ]);
    const counts = await txRows<{ id: number; n: number }>(
      t.db.orm,
      sql`select id, claimed_count as n from benefits where product_id = ${p.productId} order by id`,
    );
    expect(counts).toEqual([
      { id: p.benefitId, n: 1 },
      { id: idOf('有効'), n: 3 },
      { id: idOf('期限切れ'), n: 0 },
      { id: idOf('配布なし'), n: 0 },
      { id: idOf('配布終了'), n: 2 },
    ]);
    const claims = await txRows<{ benefitId: number; quantity: number }>(
      t.db.orm,
      sql`select benefit_id as "benefitId", quantity from benefit_claims
          where order_id = ${body.orders[0]?.id} order by benefit_id`,
    );
    expect(claims).toEqual([
      { benefitId: p.benefitId, quantity: 1 },
      { benefitId: idOf('有効'), quantity: 3 },
    ]);
  });

  test('members buying the last units at once: each gets one or out_of_stock, never a 5xx', async () => {
    const p = await insertProduct(t.db, { stock: 3, benefitMax: 2 });
    const members = await Promise.all(Array.from({ length: 8 }, () => insertMember(t)));
    for (const { client } of members) {
      await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    }
    // On PostgreSQL the pool runs these transactions side by side: each holds key-share locks
    // on the variation, benefit and product rows (its foreign keys) while it claims them.
    const answers = await Promise.all(
      members.map(async ({ client, addressId }) => {
        const res = await confirm(client, CHECKOUT, {
          shippingMethod: 'home_delivery',
          paymentMethod: 'bank_transfer',
          addressId,
        });
        const body = (await res.json()) as { error?: { code: string } };
        return `${res.status} ${body.error?.code ?? ''}`.trim();
      }),
    );
    expect(answers.sort()).toEqual([...Array(3).fill('201'), ...Array(5).fill('409 out_of_stock')]);
    expect(await stockOf(t.db, p.variationId)).toBe(0);
    const [benefit] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select claimed_count as n from benefits where id = ${p.benefitId}`,
    );
    expect(benefit?.n).toBe(2);
  });

  test('released items and each release date become separate orders', async () => {
    // The shop's own receiving accounts come from its configuration (BANK_*, YUCHO_*).
    const configured = t.deps.config.commerce.payee;
    t.deps.config.commerce.payee = {
      ...configured,
      bankName: 'テスト銀行',
      branchName: '本店営業部',
      virtualAccountBase: 3_000_000,
      accountHolder: 'カ）テストショップ',
    };
    onTestFinished(() => {
      t.deps.config.commerce.payee = configured;
    });
    const { client, addressId } = await insertMember(t);
    const now = await insertProduct(t.db, { sellStartDate: '2026-10-01' });
    const dec = await insertProduct(t.db, { sellStartDate: '2026-12-10', canReserve: true });
    const jan = await insertProduct(t.db, { sellStartDate: '2027-01-15', canReserve: true });
    for (const p of [now, dec, jan])
      await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const res = await confirm(client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      orders: {
        state: string;
        isReservation: boolean;
        releaseDate: string | null;
        paymentInstructions: Record<string, unknown> | null;
      }[];
    };
    expect(body.orders.map((o) => [o.state, o.releaseDate])).toEqual([
      ['awaiting_payment', null],
      ['reserved', '2026-12-10'],
      ['reserved', '2027-01-15'],
    ]);
    expect(body.orders[0]?.paymentInstructions).toMatchObject({
      kind: 'bank_transfer',
      bankName: 'テスト銀行',
      branchName: '本店営業部',
      accountType: '普通',
      accountNumber: expect.stringMatching(/^3\d{6}$/),
      accountHolder: 'カ）テストショップ',
    });
  });

  test('the same key and body replays the first result; another body is 422', async () => {
    const { client, addressId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 5 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const key = crypto.randomUUID();
    const body = { shippingMethod: 'home_delivery', paymentMethod: 'cash_on_delivery', addressId };
    const first = await confirm(client, CHECKOUT, body, key);
    expect(first.status).toBe(201);
    const again = await confirm(client, CHECKOUT, body, key);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await stockOf(t.db, p.variationId)).toBe(4);
    const other = await confirm(client, CHECKOUT, { ...body, paymentMethod: 'bank_transfer' }, key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe(
      'idempotency_key_reused',
    );
  });

  test('a key stays bound to its first body: after a failed attempt another body is 422, the same runs again', async () => {
    const { client, addressId, memberId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 2 });
    const saved = await client.post('/api/gmo-multipay/creditcard/', { token: card().token });
    expect(saved.status).toBe(201);
    const { id: savedCardId } = ((await saved.json()) as { card: { id: number } }).card;
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const key = crypto.randomUUID();
    const body = {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: { savedCardId },
    };
    // The first attempt fails after claiming its key: the stock goes while it is at the gateway.
    hooks.beforeAuthorize = async () => {
      hooks.beforeAuthorize = undefined;
      await t.db.orm.execute(
        sql`update variations set stock_quantity = 0 where id = ${p.variationId}`,
      );
    };
    const failed = await confirm(client, CHECKOUT, body, key);
    expect(failed.status).toBe(409);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('out_of_stock');
    await t.db.orm.execute(
      sql`update variations set stock_quantity = 2 where id = ${p.variationId}`,
    );
    const keyRow = async () =>
      (
        await txRows<{ state: string; hash: string; attempt: number }>(
          t.db.orm,
          sql`select state, request_hash as hash, attempt from checkouts
              where member_id = ${memberId} and idempotency_key = ${key}`,
        )
      )[0];
    const released = await keyRow();
    expect(released?.state).toBe('released');

    // Another body under the released key (a shopper trying another way to pay) is refused and
    // changes nothing: the key keeps its first body.
    const before = await snapshot(t.db);
    const other = await confirm(
      client,
      CHECKOUT,
      { shippingMethod: 'home_delivery', paymentMethod: 'cash_on_delivery', addressId },
      key,
    );
    expect(other.status).toBe(422);
    const error = ((await other.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('idempotency_key_reused');
    expect(error.message).toMatch(/別の内容/);
    expect(await keyRow()).toEqual(released);
    expect(await snapshot(t.db)).toEqual(before);

    // The same body runs again and orders; then it replays, and another body is still 422.
    const retried = await confirm(client, CHECKOUT, body, key);
    expect(retried.status).toBe(201);
    expect(await keyRow()).toMatchObject({ state: 'completed', hash: released?.hash, attempt: 2 });
    expect(await stockOf(t.db, p.variationId)).toBe(1);
    const replayed = await confirm(client, CHECKOUT, body, key);
    expect(await replayed.json()).toEqual(await retried.json());
    const late = await confirm(client, CHECKOUT, { ...body, deliveryTimeSlot: '14-16' }, key);
    expect(late.status).toBe(422);
    expect(await stockOf(t.db, p.variationId)).toBe(1);
  });

  test('a duplicate arriving while the first request is at the gateway gets 409, then the replay', async () => {
    const { client, addressId, memberId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 3 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const key = crypto.randomUUID();
    const body = {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: card(),
    };
    // The first request is held inside the gateway while the duplicate is sent and answered.
    let duplicate: Response | undefined;
    hooks.beforeAuthorize = async () => {
      hooks.beforeAuthorize = undefined;
      duplicate = await confirm(client, CHECKOUT, body, key);
    };
    const first = await confirm(client, CHECKOUT, body, key);
    if (duplicate === undefined) throw new Error('the duplicate was not sent');
    expect(duplicate.status).toBe(409);
    const error = ((await duplicate.json()) as { error: { code: string; message: string } }).error;
    expect(error).toEqual({
      code: 'checkout_in_progress',
      message: 'この注文は処理中です。しばらくしてから結果をご確認ください。',
    });
    expect(first.status).toBe(201);
    const retry = await confirm(client, CHECKOUT, body, key);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    const [orders] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from order_details where member_id = ${memberId}`,
    );
    expect(orders?.n).toBe(1);
    expect(await stockOf(t.db, p.variationId)).toBe(2);
  });

  test('concurrent duplicates make one order: the others get the replay or 409', async () => {
    const { client, addressId, memberId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 5 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const key = crypto.randomUUID();
    const body = {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: card(),
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => confirm(client, CHECKOUT, body, key)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    const [orders] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from order_details where member_id = ${memberId}`,
    );
    expect(orders?.n).toBe(1);
    expect(await stockOf(t.db, p.variationId)).toBe(4);
  });

  test('a declined card leaves no order, no stock claim and no authorisation', async () => {
    const { client, addressId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 2 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const before = await gatewayStates();
    const res = await confirm(client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: card('decline'),
    });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payment_declined');
    expect(await stockOf(t.db, p.variationId)).toBe(2);
    expect((await gatewayStates()).authorized ?? 0).toBe(before.authorized ?? 0);
  });

  test('a gateway timeout is voided: no charge, no order', async () => {
    const { client, addressId, memberId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 2 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const before = await gatewayStates();
    const res = await confirm(client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: card('timeout'),
    });
    expect(res.status).toBe(503);
    const after = await gatewayStates();
    expect(after.authorized ?? 0).toBe(before.authorized ?? 0);
    expect(after.voided ?? 0).toBe((before.voided ?? 0) + 1);
    const [orders] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from order_details where member_id = ${memberId}`,
    );
    expect(orders?.n).toBe(0);
    expect(await stockOf(t.db, p.variationId)).toBe(2);
  });

  test('stock gone between the check and the commit: the authorisation is voided', async () => {
    const { client, addressId } = await insertMember(t);
    const p = await insertProduct(t.db, { stock: 1 });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    // Another shopper takes the last unit while this checkout is at the gateway.
    hooks.beforeAuthorize = async () => {
      await t.db.orm.execute(
        sql`update variations set stock_quantity = 0 where id = ${p.variationId}`,
      );
    };
    const before = await gatewayStates();
    const res = await confirm(client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: card(),
    });
    hooks.beforeAuthorize = undefined;
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('out_of_stock');
    const after = await gatewayStates();
    expect(after.authorized ?? 0).toBe(before.authorized ?? 0);
    expect(after.voided ?? 0).toBe((before.voided ?? 0) + 1);
    const [orders] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from order_items where variation_id = ${p.variationId}`,
    );
    expect(orders?.n).toBe(0);
  });

  test.each([
    ['its payment is recent: the takeover leaves it pending', false],
    ['its payment is older than the lease: the takeover marks it voided', true],
  ])(
    'an attempt taken over while the gateway authorises ends with nothing authorised (%s)',
    async (_, aged) => {
      const { client, addressId } = await insertMember(t);
      const p = await insertProduct(t.db, { stock: 1 });
      await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
      // The attempt is so slow that its lease runs out at the gateway: the recovery releases the
      // key and voids its payments before the gateway has authorised anything.
      hooks.beforeAuthorize = async () => {
        hooks.beforeAuthorize = undefined;
        if (aged) {
          await t.db.orm.execute(
            sql`update payments set created_at = created_at - interval '1 day' where status = 'pending'`,
          );
        }
        const now = t.deps.now();
        t.setNow(new Date(now.getTime() + 24 * 3600_000));
        await recoverAbandonedCheckouts(t.deps);
        t.setNow(now);
      };
      const before = await gatewayStates();
      const res = await confirm(client, CHECKOUT, {
        shippingMethod: 'home_delivery',
        paymentMethod: 'credit_card',
        addressId,
        card: card(),
      });
      hooks.beforeAuthorize = undefined;
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'checkout_in_progress',
      );
      const after = await gatewayStates();
      expect(after.authorized ?? 0).toBe(before.authorized ?? 0);
      expect(after.voided ?? 0).toBe((before.voided ?? 0) + 1);
      expect(await stockOf(t.db, p.variationId)).toBe(1);
      const [open] = await txRows<{ n: number }>(
        t.db.orm,
        sql`select count(*)::int as n from payments where status in ('pending', 'authorized') and order_id is null`,
      );
      expect(open?.n).toBe(0);
    },
  );

  test('undecided prices paid by full points and adult items for minors are refused and change nothing', async () => {
    const minor = await insertMember(t, { birthDate: '2010-05-05' });
    const undecided = await insertProduct(t.db, {
      price: null,
      canReserve: true,
      sellStartDate: '2027-03-01',
    });
    const adult = await insertProduct(t.db, { isAdult: true });
    const before = await snapshot(t.db);
    const body = {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId: minor.addressId,
    };
    // A 価格未定 reservation is taken (services/price-decision.test.ts), but not with a method
    // that spends its unknown amount at checkout.
    const price = await confirm(minor.client, RESERVE, {
      ...body,
      paymentMethod: 'full_points',
      items: [{ variationId: undecided.variationId, quantity: 1 }],
    });
    expect(price.status).toBe(422);
    expect(((await price.json()) as { error: { code: string } }).error.code).toBe(
      'payment_cannot_wait_for_price',
    );
    const empty = await confirm(minor.client, CHECKOUT, body);
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe('empty_cart');
    await minor.client.post('/api/cart/', { variationId: adult.variationId, quantity: 1 });
    const mid = await snapshot(t.db);
    const refused = await confirm(minor.client, CHECKOUT, body);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('adult_only');
    expect(await snapshot(t.db)).toEqual(mid);
    expect(before.orders).toBe(mid.orders);
  });

  test('a reservation of a released item is refused; of a future one makes a reserved order', async () => {
    const { client, addressId } = await insertMember(t);
    const released = await insertProduct(t.db, { sellStartDate: '2026-01-01' });
    const future = await insertProduct(t.db, {
      sellStartDate: '2027-02-01',
      canReserve: true,
      stock: 3,
    });
    const body = {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: card(),
    };
    const refused = await confirm(client, RESERVE, {
      ...body,
      items: [{ variationId: released.variationId, quantity: 1 }],
    });
    expect(refused.status).toBe(422);
    const ok = await confirm(client, RESERVE, {
      ...body,
      card: card(),
      items: [{ variationId: future.variationId, quantity: 2 }],
    });
    expect(ok.status).toBe(201);
    const result = (await ok.json()) as { orders: { state: string; releaseDate: string }[] };
    expect(result.orders).toMatchObject([{ state: 'reserved', releaseDate: '2027-02-01' }]);
    expect(await stockOf(t.db, future.variationId)).toBe(1);
  });

  test('full points pays everything and needs the balance', async () => {
    const poor = await insertMember(t, { points: 100 });
    const rich = await insertMember(t, { points: 5000 });
    const p = await insertProduct(t.db, { price: 1000 });
    for (const m of [poor, rich])
      await m.client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const body = (addressId: number) => ({
      shippingMethod: 'yu_packet',
      paymentMethod: 'full_points',
      addressId,
    });
    const refused = await confirm(poor.client, CHECKOUT, body(poor.addressId));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'not_enough_points',
    );
    const paid = await confirm(rich.client, CHECKOUT, body(rich.addressId));
    expect(paid.status).toBe(201);
    expect(await pointBalanceOf(t.db, rich.memberId)).toBe(5000 - 1320);
  });

  test('an order past MAX_ORDER_AMOUNT is refused with 422 before anything is written (its 32-bit amounts overflowed with a 500)', async () => {
    const { client, addressId } = await insertMember(t);
    const pricey = () =>
      insertProduct(t.db, { price: 10_000_000, pointValue: 100_000, stock: 500 });
    // Three lines of 99 copies at 10,000,000 yen: 2,970,000,000 yen, past 2,147,483,647.
    for (const p of [await pricey(), await pricey(), await pricey()]) {
      expect(
        (await client.post('/api/cart/', { variationId: p.variationId, quantity: 99 })).status,
      ).toBe(200);
    }
    const future = [];
    for (let i = 0; i < 3; i++) {
      future.push(
        await insertProduct(t.db, {
          price: 10_000_000,
          stock: 500,
          canReserve: true,
          sellStartDate: '2027-04-01',
        }),
      );
    }
    const refused = {
      error: {
        code: 'order_amount_too_large',
        message: '1回のご注文（お届け1件）の金額は100,000,000円までです。数量を減らしてください。',
      },
    };
    const quote = await client.post(`${CHECKOUT}quote/`, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
    });
    expect(quote.status).toBe(200);
    expect(((await quote.json()) as { problem: unknown }).problem).toEqual(refused.error);
    const before = await snapshot(t.db);
    const calls = authorizeCalls;
    for (const [path, body] of [
      [
        CHECKOUT,
        { shippingMethod: 'home_delivery', paymentMethod: 'credit_card', addressId, card: card() },
      ],
      [CHECKOUT, { shippingMethod: 'home_delivery', paymentMethod: 'bank_transfer', addressId }],
      [
        RESERVE,
        {
          shippingMethod: 'home_delivery',
          paymentMethod: 'bank_transfer',
          addressId,
          items: future.map((p) => ({ variationId: p.variationId, quantity: 99 })),
        },
      ],
    ] as const) {
      const res = await confirm(client, path, body);
      expect(res.status, path).toBe(422);
      expect(await res.json()).toEqual(refused);
    }
    expect(authorizeCalls).toBe(calls);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('confirm needs a UUID idempotency key and a member', async () => {
    const { client, addressId } = await insertMember(t);
    const body = { shippingMethod: 'home_delivery', paymentMethod: 'bank_transfer', addressId };
    const noKey = await client.post(CHECKOUT, body);
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_idempotency_key',
    );
    const res = await t.app.request(CHECKOUT, { method: 'GET' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('one cart becomes at most one checkout, whatever the idempotency keys', () => {
  /**
   * A member whose cart holds two units of a released item and one of a reservation: one
   * checkout of it is two orders and, by card, two authorisations.
   */
  async function twoShipmentCart() {
    const member = await insertMember(t);
    const now = await insertProduct(t.db, { stock: 1000, price: 1100 });
    const later = await insertProduct(t.db, {
      stock: 1000,
      price: 880,
      sellStartDate: '2027-02-10',
      canReserve: true,
    });
    await member.client.post('/api/cart/', { variationId: now.variationId, quantity: 2 });
    await member.client.post('/api/cart/', { variationId: later.variationId, quantity: 1 });
    // A saved card, as the storefront sends: a one-time token pays for one order only.
    const saved = await member.client.post('/api/gmo-multipay/creditcard/', {
      token: card().token,
    });
    expect(saved.status).toBe(201);
    const { id: savedCardId } = ((await saved.json()) as { card: { id: number } }).card;
    const body = {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId: member.addressId,
      card: { savedCardId },
    };
    return { ...member, now, later, body };
  }

  async function ordersOf(memberId: number) {
    return txRows<{ orderId: number; checkoutId: number }>(
      t.db.orm,
      sql`select order_id::int as "orderId", checkout_id::int as "checkoutId"
          from order_details where member_id = ${memberId} order by order_id`,
    );
  }

  async function cartCount(client: Awaited<ReturnType<typeof insertMember>>['client']) {
    return ((await (await client.get('/api/cart/')).json()) as { count: number }).count;
  }

  const refusal = async (res: Response) => {
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    return { status: res.status, ...error };
  };

  test.each([12, 50])(
    '%i parallel confirms with different keys: one checkout (two orders, two authorisations), the others a clear 4xx',
    async (n) => {
      const { client, memberId, now, later, body } = await twoShipmentCart();
      const before = authorizeCalls;
      const answers = await Promise.all(
        Array.from({ length: n }, () => confirm(client, CHECKOUT, body)),
      );
      const won = answers.filter((r) => r.status === 201);
      expect(won).toHaveLength(1);
      const refused = await Promise.all(answers.filter((r) => r.status !== 201).map(refusal));
      for (const answer of refused) {
        // Refused while the winner holds the cart, or after it ordered it: never a 5xx.
        expect(['409 cart_in_checkout', '422 empty_cart']).toContain(
          `${answer.status} ${answer.code}`,
        );
        expect(answer.message).toMatch(/[ぁ-んァ-ン]/);
      }
      expect(authorizeCalls - before).toBe(2);
      const orders = await ordersOf(memberId);
      expect(orders).toHaveLength(2);
      expect(new Set(orders.map((o) => o.checkoutId)).size).toBe(1);
      expect(await stockOf(t.db, now.variationId)).toBe(998);
      expect(await stockOf(t.db, later.variationId)).toBe(999);
      expect(await cartCount(client)).toBe(0);
      const payments = await txRows<{ status: string; ordered: boolean }>(
        t.db.orm,
        sql`select p.status, p.order_id is not null as ordered from payments p
            join checkouts c on c.id = p.checkout_id where c.member_id = ${memberId}`,
      );
      expect(payments).toEqual([
        { status: 'authorized', ordered: true },
        { status: 'authorized', ordered: true },
      ]);
    },
    60_000,
  );

  test('two tabs one after the other: the second gets empty_cart and changes nothing; the first key replays', async () => {
    const { client, body } = await twoShipmentCart();
    const firstKey = crypto.randomUUID();
    const first = await confirm(client, CHECKOUT, body, firstKey);
    expect(first.status).toBe(201);
    const before = await snapshot(t.db);
    const calls = authorizeCalls;
    const second = await confirm(client, CHECKOUT, body);
    expect(await refusal(second)).toEqual({
      status: 422,
      code: 'empty_cart',
      message: CHECKOUT_FAILURE_MESSAGES.empty_cart,
    });
    expect(await snapshot(t.db)).toEqual(before);
    expect(authorizeCalls).toBe(calls);
    const replay = await confirm(client, CHECKOUT, body, firstKey);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(await first.json());
    expect(authorizeCalls).toBe(calls);
  });

  test('a second tab confirming while the first is at the gateway gets 409 cart_in_checkout and reaches no gateway', async () => {
    const { client, memberId, now, body } = await twoShipmentCart();
    let second: Response | undefined;
    let secondsAuthorisations = -1;
    hooks.beforeAuthorize = async () => {
      hooks.beforeAuthorize = undefined;
      const calls = authorizeCalls;
      second = await confirm(client, CHECKOUT, body);
      secondsAuthorisations = authorizeCalls - calls;
    };
    const first = await confirm(client, CHECKOUT, body);
    if (second === undefined) throw new Error('the second tab did not confirm');
    expect(secondsAuthorisations).toBe(0);
    expect(await refusal(second)).toEqual({
      status: 409,
      code: 'cart_in_checkout',
      message: CHECKOUT_MESSAGES.cartInCheckout,
    });
    expect(first.status).toBe(201);
    expect(await ordersOf(memberId)).toHaveLength(2);
    expect(await stockOf(t.db, now.variationId)).toBe(998);
  });

  test('the cart changed while the checkout was at the gateway: 409 cart_changed, authorisations voided, the cart as changed', async () => {
    const { client, memberId, now, later, body } = await twoShipmentCart();
    hooks.beforeAuthorize = async () => {
      hooks.beforeAuthorize = undefined;
      expect((await client.put(`/api/cart/${now.variationId}/`, { quantity: 1 })).status).toBe(200);
    };
    const before = await gatewayStates();
    const res = await confirm(client, CHECKOUT, body);
    expect(await refusal(res)).toEqual({
      status: 409,
      code: 'cart_changed',
      message: CHECKOUT_MESSAGES.cartChanged,
    });
    const after = await gatewayStates();
    expect(after.authorized ?? 0).toBe(before.authorized ?? 0);
    expect(after.voided ?? 0).toBe((before.voided ?? 0) + 2);
    expect(await ordersOf(memberId)).toEqual([]);
    expect(await stockOf(t.db, now.variationId)).toBe(1000);
    expect(await stockOf(t.db, later.variationId)).toBe(1000);
    expect(await cartCount(client)).toBe(2);
    // The cart as it is now orders, with another key.
    expect((await confirm(client, CHECKOUT, body)).status).toBe(201);
    expect(await stockOf(t.db, now.variationId)).toBe(999);
  });

  test.each([
    ['the recovery releases it: another key then orders the cart', 'recovery'],
    ['its own key takes it over after the lease: that retry orders the cart', 'same key'],
  ] as const)(
    'a checkout that dies at the gateway holds the cart until %s, once',
    async (_, how) => {
      const { client, memberId, now, body } = await twoShipmentCart();
      const deadKey = crypto.randomUUID();
      // The first attempt stops inside the gateway (a server that died there) until released.
      let resume: () => void = () => undefined;
      const stopped = new Promise<void>((resolve) => {
        resume = resolve;
      });
      let reachedGateway: () => void = () => undefined;
      const atGateway = new Promise<void>((resolve) => {
        reachedGateway = resolve;
      });
      hooks.beforeAuthorize = async () => {
        hooks.beforeAuthorize = undefined;
        reachedGateway();
        await stopped;
      };
      const dead = confirm(client, CHECKOUT, body, deadKey);
      await atGateway;
      const calls = authorizeCalls;
      expect(await refusal(await confirm(client, CHECKOUT, body))).toMatchObject({
        status: 409,
        code: 'cart_in_checkout',
      });
      const clock = t.deps.now();
      t.setNow(new Date(clock.getTime() + t.deps.config.commerce.checkoutLeaseMs + 1000));
      onTestFinished(() => t.setNow(clock));
      let winner: Response;
      if (how === 'recovery') {
        await recoverAbandonedCheckouts(t.deps);
        winner = await confirm(client, CHECKOUT, body);
      } else {
        winner = await confirm(client, CHECKOUT, body, deadKey);
      }
      expect(winner.status).toBe(201);
      expect(authorizeCalls - calls).toBe(2);
      // The dead attempt wakes up: it was fenced out, so its authorisation is voided.
      resume();
      expect(await refusal(await dead)).toMatchObject({
        status: 409,
        code: 'checkout_in_progress',
      });
      const orders = await ordersOf(memberId);
      expect(orders).toHaveLength(2);
      expect(await stockOf(t.db, now.variationId)).toBe(998);
      expect(await cartCount(client)).toBe(0);
      const [open] = await txRows<{ n: number }>(
        t.db.orm,
        sql`select count(*)::int as n from payments p join checkouts c on c.id = p.checkout_id
            where c.member_id = ${memberId} and p.order_id is null and p.status = 'authorized'`,
      );
      expect(open?.n).toBe(0);
    },
  );
});

describe('orders', () => {
  test('history lists orders; a member cancels a reservation and gets stock, benefit and points back', async () => {
    const { client, addressId, memberId } = await insertMember(t, { points: 1000 });
    const p = await insertProduct(t.db, {
      sellStartDate: '2027-04-01',
      canReserve: true,
      stock: 4,
      benefitMax: 3,
    });
    const res = await confirm(client, RESERVE, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      usePoints: 300,
      card: card(),
      items: [{ variationId: p.variationId, quantity: 2 }],
    });
    expect(res.status).toBe(201);
    const [order] = ((await res.json()) as { orders: { id: number }[] }).orders;
    const list = (await (await client.get('/api/orders/')).json()) as {
      orders: { id: number; state: string }[];
    };
    expect(list.orders[0]).toMatchObject({ id: order?.id, state: 'reserved' });
    // The open reservation keeps the member from leaving, in the order-state label's words.
    expect(await (await client.get('/api/user/delete/')).json()).toEqual({
      canWithdraw: false,
      blockers: [{ code: 'open_reservations', message: '予約中の注文が1件あります。', count: 1 }],
    });
    expect(await stockOf(t.db, p.variationId)).toBe(2);
    expect(await pointBalanceOf(t.db, memberId)).toBe(700);
    const cancelled = await client.post(`/api/orders/${order?.id}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { state: string }).state).toBe('cancelled');
    expect(await stockOf(t.db, p.variationId)).toBe(4);
    expect(await pointBalanceOf(t.db, memberId)).toBe(1000);
    const [claimed] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select claimed_count as n from benefits where id = ${p.benefitId}`,
    );
    expect(claimed?.n).toBe(0);
    const [payment] = await txRows<{ status: string }>(
      t.db.orm,
      sql`select status from payments where order_id = ${order?.id}`,
    );
    expect(payment?.status).toBe('voided');
    expect((await client.post(`/api/orders/${order?.id}/cancel/`)).status).toBe(409);
  });

  test('parallel cancels of one reservation (member and operator): one cancels, the others 409, stock, benefit and points come back once', async () => {
    const { client, addressId, memberId } = await insertMember(t, { points: 1000 });
    const p = await insertProduct(t.db, {
      sellStartDate: '2027-04-01',
      canReserve: true,
      stock: 4,
      benefitMax: 3,
    });
    const res = await confirm(client, RESERVE, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId,
      usePoints: 300,
      items: [{ variationId: p.variationId, quantity: 2 }],
    });
    expect(res.status).toBe(201);
    const [order] = ((await res.json()) as { orders: { id: number }[] }).orders;
    const path = `/api/orders/${order?.id}/cancel/`;
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => client.post(path)),
      ...Array.from({ length: 2 }, () =>
        operatorPost(t, `/api/operator/orders/${order?.id}/cancel/`),
      ),
    ]);
    const outcomes = await Promise.all(
      answers.map(async (r) =>
        r.status === 200
          ? '200'
          : `${r.status} ${((await r.json()) as { error: { code: string } }).error.code}`,
      ),
    );
    expect(outcomes.sort()).toEqual(['200', ...Array(11).fill('409 order_not_cancellable')]);
    expect(await stockOf(t.db, p.variationId)).toBe(4);
    expect(await pointBalanceOf(t.db, memberId)).toBe(1000);
    const [claimed] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select claimed_count as n from benefits where id = ${p.benefitId}`,
    );
    expect(claimed?.n).toBe(0);
  });

  test('another member cannot see or cancel an order', async () => {
    const owner = await insertMember(t);
    const other = await insertMember(t);
    const p = await insertProduct(t.db, { sellStartDate: '2027-04-01', canReserve: true });
    const res = await confirm(owner.client, RESERVE, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId: owner.addressId,
      items: [{ variationId: p.variationId, quantity: 1 }],
    });
    const [order] = ((await res.json()) as { orders: { id: number }[] }).orders;
    expect((await other.client.get(`/api/orders/${order?.id}/`)).status).toBe(404);
    expect((await other.client.post(`/api/orders/${order?.id}/cancel/`)).status).toBe(404);
  });
});
