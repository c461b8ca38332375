import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { TestClient } from '../../test/support/accounts-app';
import { mailTestApp, SHOP_ORIGIN } from '../../test/support/mail-app';
import {
  confirm,
  insertMember,
  insertProduct,
  type MemberFixture,
  operatorPost,
  stockOf,
  uniqueSuffix,
} from '../../test/support/orders-app';
import { postponementCancelToken } from '../services/postponement-cancel';
import { messageIdOf } from './compose';

// 発売延期のお知らせ from the operator's release-date change to the SMTP receiver: one mail per
// member holding open reservations of the product, queued in the change's transaction; its
// per-order link cancels the reservation free in one step, for its holder only, through the
// member's own cancellation (stock and points come back).

const CANCEL = '/api/orders/reservation-cancel/';

const t = mailTestApp();

interface Row {
  id: number;
  memberId: number;
  payload: { orderIds: number[]; productId: number; previous: unknown; next: unknown };
}

function postponementMails(productId: number): Promise<Row[]> {
  return t.db.rows<Row>(
    sql`select id::int as id, member_id as "memberId", payload from notification_outbox
        where kind = 'release_postponed' and payload->>'productId' = ${String(productId)}
        order by member_id, id`,
  );
}

/** Reserves one of the variation in one checkout by bank transfer, spending points; returns the order id. */
async function reserve(member: MemberFixture, variationId: number, pointsToUse = 0) {
  await member.client.post('/api/cart/', { variationId, quantity: 1 });
  const res = await confirm(member.client, '/api/reserveshop/checkout/', {
    shippingMethod: 'home_delivery',
    paymentMethod: 'bank_transfer',
    addressId: member.addressId,
    ...(pointsToUse > 0 ? { usePoints: pointsToUse } : {}),
  });
  expect(res.status).toBe(201);
  const [order] = ((await res.json()) as { orders: { id: number }[] }).orders;
  return order?.id ?? 0;
}

function changeRelease(productId: number, releaseDate: string, precision = 'day') {
  return operatorPost(t, `/api/operator/products/${productId}/release-date/`, {
    releaseDate,
    precision,
    reason: '作家の体調不良のため',
  });
}

async function stateOf(orderId: number): Promise<string> {
  const [row] = await t.db.rows<{ state: string }>(
    sql`select status as state from orders where id = ${orderId}`,
  );
  return row?.state ?? 'missing';
}

function anonymous(): TestClient {
  return new TestClient(t.app, '198.51.100.7');
}

/** The cancellation links of a mail's text part, by order id. */
function cancelLinks(text: string): Map<number, string> {
  const links = new Map<number, string>();
  for (const m of text.matchAll(
    /ご注文番号 (\d+) を無料でキャンセルする[^\n]*\n?\s*(https:\/\/\S+)/g,
  )) {
    links.set(Number(m[1]), m[2] ?? '');
  }
  return links;
}

describe('発売延期のお知らせ', () => {
  test('one mail per holder, with the dates at their precision and a free cancellation link per order', async () => {
    const product = await insertProduct(t.db, {
      title: 'チェンソーマン 22巻',
      sellStartDate: '2026-12-04',
      canReserve: true,
      stock: 10,
      price: 528,
    });
    const other = await insertProduct(t.db, {
      sellStartDate: '2026-12-04',
      canReserve: true,
      stock: 10,
    });
    const alice = await insertMember(t, { points: 100 });
    const bob = await insertMember(t);
    const carol = await insertMember(t);
    const dave = await insertMember(t);
    const aliceOrder = await reserve(alice, product.variationId, 100);
    const bobFirst = await reserve(bob, product.variationId);
    const bobSecond = await reserve(bob, product.variationId);
    const carolOrder = await reserve(carol, product.variationId);
    await reserve(dave, other.variationId);
    // Carol cancelled before the change: she holds nothing, so hears nothing.
    expect((await carol.client.post(`/api/orders/${carolOrder}/cancel/`)).status).toBe(200);

    const res = await changeRelease(product.productId, '2027-01-20', 'month_part');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ordersUpdated: 3 });
    const rows = await postponementMails(product.productId);
    expect(rows.map((r) => [r.memberId, r.payload.orderIds])).toEqual(
      [
        [alice.memberId, [aliceOrder]],
        [bob.memberId, [bobFirst, bobSecond]],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(rows[0]?.payload).toMatchObject({
      title: 'チェンソーマン 22巻',
      previous: { date: '2026-12-04', precision: 'day' },
      next: { date: '2027-01-11', precision: 'month_part' },
    });

    await t.deliverAll();
    const bobRow = rows.find((r) => r.memberId === bob.memberId);
    const mail = t.smtp.received.find(
      (r) => r.messageId === messageIdOf(t.deps.config, bobRow?.id ?? 0),
    );
    expect(mail, "bob's mail arrived").toBeDefined();
    const text = mail?.parsed.text ?? '';
    expect(mail?.parsed.subject).toBe('【本の店】発売延期のお知らせ（チェンソーマン 22巻）');
    expect(text).toContain('2026年12月4日');
    expect(text).toContain('2027年1月中旬発売予定');
    expect(text).toContain('キャンセル料なし');
    const links = cancelLinks(text);
    expect([...links.keys()]).toEqual([bobFirst, bobSecond]);
    for (const [orderId, link] of links) {
      expect(link).toBe(
        `${SHOP_ORIGIN}/mypage/order-history/cancel?token=${postponementCancelToken(t.key, bob.memberId, orderId)}`,
      );
      expect(mail?.parsed.html).toContain(`href="${link}"`);
    }
  });

  test('the link cancels its reservation in one step without a login: stock and points come back', async () => {
    const product = await insertProduct(t.db, {
      sellStartDate: '2026-12-11',
      canReserve: true,
      stock: 5,
    });
    const member = await insertMember(t, { points: 200 });
    const orderId = await reserve(member, product.variationId, 200);
    expect(await stockOf(t.db, product.variationId)).toBe(4);
    expect((await changeRelease(product.productId, '2027-02-01', 'month')).status).toBe(200);
    const [row] = await postponementMails(product.productId);
    await t.deliverAll();
    const mail = t.smtp.received.find(
      (r) => r.messageId === messageIdOf(t.deps.config, row?.id ?? 0),
    );
    const link = cancelLinks(mail?.parsed.text ?? '').get(orderId) ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';

    // A stranger's browser (a guest session with its CSRF token) opens the link.
    const browser = anonymous();
    const preview = await browser.request('GET', `${CANCEL}?token=${token}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      orderId,
      state: 'reserved',
      cancellable: true,
      releaseDate: '2027-02-01',
      releaseDatePrecision: 'month',
    });
    await browser.session();
    const cancelled = await browser.request('POST', `${CANCEL}?token=${token}`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({
      orderId,
      state: 'cancelled',
      cancellable: false,
    });
    expect(await stateOf(orderId)).toBe('cancelled');
    expect(await stockOf(t.db, product.variationId)).toBe(5);
    const points = await member.client.request('GET', '/api/points/');
    expect(((await points.json()) as { balance: number }).balance).toBe(200);

    // Twice is refused, and changes nothing.
    const again = await browser.request('POST', `${CANCEL}?token=${token}`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      'order_not_cancellable',
    );
    expect(await stockOf(t.db, product.variationId)).toBe(5);
  });

  test('a link cancels only the order it was signed for, for its holder', async () => {
    const product = await insertProduct(t.db, {
      sellStartDate: '2026-12-18',
      canReserve: true,
      stock: 5,
    });
    const holder = await insertMember(t);
    const other = await insertMember(t);
    const holderOrder = await reserve(holder, product.variationId);
    const otherOrder = await reserve(other, product.variationId);
    const valid = postponementCancelToken(t.key, holder.memberId, holderOrder);
    const signature = valid.split('.')[2];
    const forged = [
      // The holder's signature on another member's order, or naming the other member.
      `${otherOrder}.${holder.memberId}.${signature}`,
      `${holderOrder}.${other.memberId}.${signature}`,
      `${otherOrder}.${other.memberId}.${signature}`,
      `${holderOrder}.${holder.memberId}.`,
      `${holderOrder}.${holder.memberId}`,
      'nonsense',
      `${valid}.x`,
      `0${valid}`,
    ];
    const browser = anonymous();
    await browser.session();
    for (const token of forged) {
      for (const method of ['GET', 'POST']) {
        const res = await browser.request(method, `${CANCEL}?token=${encodeURIComponent(token)}`);
        expect(res.status, `${method} ${token}`).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          'cancel_link_invalid',
        );
      }
    }
    // A token signed for the holder does not reach the other member's order.
    const notTheirs = postponementCancelToken(t.key, holder.memberId, otherOrder);
    const res = await browser.request('POST', `${CANCEL}?token=${notTheirs}`);
    expect(res.status).toBe(404);
    for (const token of ['', 'x'.repeat(201)]) {
      const empty = await browser.request('POST', `${CANCEL}?token=${token}`);
      expect(empty.status).toBe(400);
    }
    expect(await stateOf(holderOrder)).toBe('reserved');
    expect(await stateOf(otherOrder)).toBe('reserved');
  });

  test('a change of precision alone is told; the same date again is refused and tells nobody', async () => {
    const product = await insertProduct(t.db, {
      sellStartDate: '2027-03-01',
      releaseDatePrecision: 'month',
      canReserve: true,
      stock: 5,
    });
    const member = await insertMember(t);
    await reserve(member, product.variationId);
    expect((await changeRelease(product.productId, '2027-03-11', 'month_part')).status).toBe(200);
    expect(await postponementMails(product.productId)).toHaveLength(1);
    expect((await changeRelease(product.productId, '2027-03-11', 'month_part')).status).toBe(409);
    expect(await postponementMails(product.productId)).toHaveLength(1);
    expect((await changeRelease(product.productId, '2027-03-14', 'day')).status).toBe(200);
    const rows = await postponementMails(product.productId);
    expect(rows.map((r) => r.payload.next)).toEqual([
      { date: '2027-03-11', precision: 'month_part' },
      { date: '2027-03-14', precision: 'day' },
    ]);
  });

  test('a product nobody holds changes its date and queues nothing', async () => {
    const product = await insertProduct(t.db, { sellStartDate: '2027-04-01', canReserve: true });
    expect((await changeRelease(product.productId, '2027-05-01')).status).toBe(200);
    expect(await postponementMails(product.productId)).toEqual([]);
  });

  test('a popular title: 2,000 holders get one mail each from one change, queued set-based', async () => {
    const holders = 2000;
    const product = await insertProduct(t.db, {
      sellStartDate: '2026-12-25',
      canReserve: true,
      stock: 10,
    });
    const first = await insertMember(t);
    const template = await reserve(first, product.variationId);
    // Clones of that reservation for new members, written in SQL: checking out 2,000 times
    // through the API would test the checkout, not the postponement.
    const suffix = uniqueSuffix();
    const members = await t.db.rows<{ id: number }>(
      sql`insert into members (email, password_hash, name, birth_date)
          select 'bulk-' || ${suffix} || '-' || g || '@example.jp', '$scrypt$unused', '予約 花子', '1990-01-01'
          from generate_series(1, ${holders - 1}) g
          returning id`,
    );
    const orders = await t.db.rows<{ id: number }>(
      sql`insert into orders (status, placed_at, subtotal, total)
          select o.status, o.placed_at, o.subtotal, o.total
          from generate_series(1, ${holders - 1}) g, orders o where o.id = ${template}
          returning id::int as id`,
    );
    const pairs = sql`unnest(${sql`array[${sql.join(
      orders.map((o) => sql`${o.id}`),
      sql`, `,
    )}]::bigint[]`}, ${sql`array[${sql.join(
      members.map((m) => sql`${m.id}`),
      sql`, `,
    )}]::int[]`}) as u(order_id, member_id)`;
    await t.db.rows(
      sql`insert into order_details (order_id, member_id, is_reservation, release_date, release_date_precision,
            shipping_method, payment_method, delivery_time_slot, address, shipping_fee, payment_fee,
            points_used, amount_due, points_to_grant)
          select u.order_id, u.member_id, d.is_reservation, d.release_date, d.release_date_precision,
            d.shipping_method, d.payment_method, d.delivery_time_slot, d.address, d.shipping_fee,
            d.payment_fee, d.points_used, d.amount_due, d.points_to_grant
          from ${pairs}, order_details d where d.order_id = ${template}`,
    );
    await t.db.rows(
      sql`insert into order_items (order_id, product_id, variation_id, quantity, unit_price, point_value, is_reservation)
          select u.order_id, i.product_id, i.variation_id, i.quantity, i.unit_price, i.point_value, i.is_reservation
          from ${pairs}, order_items i where i.order_id = ${template}`,
    );

    const res = await changeRelease(product.productId, '2027-02-10');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ordersUpdated: holders });
    const rows = await postponementMails(product.productId);
    expect(rows).toHaveLength(holders);
    expect(new Set(rows.map((r) => r.memberId)).size).toBe(holders);
    expect(rows.every((r) => r.payload.orderIds.length === 1)).toBe(true);
  });
});
