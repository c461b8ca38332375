import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  confirm,
  createOrdersTestApp,
  insertMember,
  insertProduct,
  type MemberFixture,
  type OrdersTestApp,
  operatorPost,
  TEST_SHIPMENT,
} from '../../test/support/orders-app';
import {
  type Received,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../test/support/smtp-receiver';
import { loadMailConfig } from '../config/mail';
import { createSandboxToken } from '../payments/sandbox/sandbox-token';
import { getBundle } from '../services/bundles';
import { getOrder, type OrderView } from '../services/orders';
import {
  cancelOverdueOrders,
  openReleasedReservations,
  remindDuePayments,
} from '../services/payment-deadlines';
import { messageIdOf } from './compose';
import { createMailer, type Mailer } from './mailer';
import { signingKey } from './unsubscribe';
import { deliverDue } from './worker';

// The payment and shipping lifecycle (docs/lifecycle.md), each mail produced by the real action
// (a checkout, a release, the jobs, the operator's actions) and read at a real SMTP receiver.

const CHECKOUT = '/api/reserveshop/checkout/';
const ORIGIN = 'https://shop.example';
/** 12:00 JST on 20 November 2026. */
const START = new Date('2026-11-20T03:00:00.000Z');

let t: OrdersTestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let key: Buffer;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createOrdersTestApp();
  t.deps.config.publicOrigin = ORIGIN;
  t.deps.config.mail = { ...loadMailConfig({ SMTP_URL: smtp.url }), concurrency: 2 };
  mailer = createMailer(t.deps.config);
  key = await signingKey(t.db);
});

afterAll(async () => {
  mailer?.close();
  await t?.close();
  await smtp?.close();
});

beforeEach(() => t.setNow(START));

/** Delivers every due mail now; returns the mails of `kind` that arrived for these orders. */
async function mailsOf(kind: string, orderId: number): Promise<Received[]> {
  while ((await deliverDue(t.deps, mailer, key)) > 0) {}
  const rows = await t.db.rows<{ id: number }>(
    sql`select id::int as id from notification_outbox
        where kind = ${kind} and (payload->>'orderId' = ${String(orderId)}
          or payload->'orderIds' @> ${JSON.stringify([orderId])}::jsonb)
        order by id`,
  );
  const ids = rows.map((r) => messageIdOf(t.deps.config, r.id));
  return smtp.received.filter((r) => ids.includes(r.messageId));
}

async function outboxStates(kind: string, orderId: number): Promise<string[]> {
  const rows = await t.db.rows<{ state: string }>(
    sql`select state from notification_outbox
        where kind = ${kind} and payload->>'orderId' = ${String(orderId)} order by id`,
  );
  return rows.map((r) => r.state);
}

/**
 * The order as the member's order detail answers it (read through the service the route calls:
 * a member session does not outlive a journey of weeks on the test clock).
 */
function order(member: MemberFixture, id: number): Promise<OrderView> {
  return getOrder(t.deps, member.memberId, id);
}

async function stockOf(variationId: number): Promise<number> {
  const [row] = await t.db.rows<{ stock: number }>(
    sql`select stock_quantity as stock from variations where id = ${variationId}`,
  );
  return row?.stock ?? -1;
}

/** A member buys one item by bank transfer (in stock, or a reservation released on `release`). */
async function transferOrder(options: { release?: string; points?: number } = {}) {
  const member = await insertMember(t, { points: options.points ?? 0 });
  const product = await insertProduct(t.db, {
    title: '葬送のフリーレン 14巻',
    price: 594,
    stock: 5,
    ...(options.release ? { sellStartDate: options.release, canReserve: true } : {}),
  });
  await member.client.post('/api/cart/', { variationId: product.variationId, quantity: 1 });
  const res = await confirm(member.client, CHECKOUT, {
    shippingMethod: 'home_delivery',
    paymentMethod: 'bank_transfer',
    addressId: member.addressId,
    ...(options.points ? { usePoints: options.points } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const [placed] = ((await res.json()) as { orders: { id: number }[] }).orders;
  if (placed === undefined) throw new Error('no order');
  return { member, product, orderId: placed.id };
}

function partsOf(mail: Received | undefined): string[] {
  return [mail?.parsed.text ?? '', mail?.parsed.html || ''];
}

describe('an order paid by transfer that ships now', () => {
  test('is 入金待ち with its account and due date kept, and ご入金のお願い arrives', async () => {
    const { member, orderId } = await transferOrder();
    const detail = await member.client.get(`/api/orders/${orderId}/`);
    expect(detail.status).toBe(200);
    const placed = (await detail.json()) as OrderView;
    expect(placed.state).toBe('awaiting_payment');
    expect(placed.paymentInstructions).toMatchObject({
      kind: 'bank_transfer',
      accountType: '普通',
      amount: placed.amountDue,
      dueDate: '2026-11-27',
    });
    // The history shows the same, in a request with no memory of the checkout.
    const history = (await (await member.client.get('/api/orders/')).json()) as {
      orders: OrderView[];
    };
    expect(history.orders.find((o) => o.id === orderId)?.paymentInstructions).toEqual(
      placed.paymentInstructions,
    );
    // The order confirmation carries the account too.
    const [confirmation] = await mailsOf('order_confirmation', orderId);
    for (const part of partsOf(confirmation)) expect(part).toContain('お振込み期限');
    const [mail, ...more] = await mailsOf('payment_request', orderId);
    expect(more).toEqual([]);
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(mail?.parsed.subject).toBe(`【本の店】ご入金のお願い（ご注文番号 ${orderId}）`);
    expect(mail?.parsed.headers.has('list-unsubscribe')).toBe(false);
    const info = placed.paymentInstructions;
    if (info?.kind !== 'bank_transfer') throw new Error('no bank transfer instructions');
    for (const part of partsOf(mail)) {
      expect(part).toContain(info.accountNumber);
      expect(part).toContain(info.bankName);
      expect(part).toContain(`${placed.amountDue.toLocaleString('ja-JP')}円`);
      expect(part).toContain('2026年11月27日(金)');
      expect(part).toContain(`${ORIGIN}/mypage/order-history`);
    }
  });

  test('is reminded once from two days before its due date, not before', async () => {
    const { orderId } = await transferOrder();
    expect(await remindDuePayments(t.deps, new Date('2026-11-24T03:00:00Z'))).toBe(0);
    t.setNow(new Date('2026-11-25T03:00:00Z'));
    await remindDuePayments(t.deps, t.deps.now());
    await remindDuePayments(t.deps, new Date('2026-11-26T03:00:00Z'));
    const mails = await mailsOf('payment_reminder', orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parsed.subject).toBe(
      `【本の店】お支払い期限が近づいています（ご注文番号 ${orderId}）`,
    );
    for (const part of partsOf(mails[0])) expect(part).toContain('2026年11月27日(金)');
  });

  test('payment received: 入金確認 arrives, and a reminder queued after says nothing', async () => {
    const { member, orderId } = await transferOrder();
    const paid = await operatorPost(t, `/api/operator/orders/${orderId}/payment-received/`);
    expect(paid.status).toBe(200);
    expect((await order(member, orderId)).state).toBe('preparing');
    const [mail] = await mailsOf('payment_received', orderId);
    expect(mail?.parsed.subject).toBe(`【本の店】ご入金を確認しました（ご注文番号 ${orderId}）`);
    for (const part of partsOf(mail)) expect(part).toContain('発送準備中');
    // Not reminded once paid: the job finds no waiting order.
    t.setNow(new Date('2026-11-26T03:00:00Z'));
    await remindDuePayments(t.deps, t.deps.now());
    expect(await outboxStates('payment_reminder', orderId)).toEqual([]);
    // Nor cancelled after its due date.
    expect(await cancelOverdueOrders(t.deps, new Date('2026-12-01T03:00:00Z'))).not.toContain(
      orderId,
    );
  });

  test('is cancelled after its due date: stock and points back once, then キャンセル arrives', async () => {
    const { member, product, orderId } = await transferOrder({ points: 100 });
    expect(await stockOf(product.variationId)).toBe(4);
    const balance = async () => {
      const [row] = await t.db.rows<{ n: number }>(
        sql`select coalesce(sum(amount), 0)::int as n from point_ledger where member_id = ${member.memberId}`,
      );
      return row?.n;
    };
    expect(await balance()).toBe(0);
    // 23:59 JST on the due date: still waiting.
    t.setNow(new Date('2026-11-27T14:59:00Z'));
    expect(await cancelOverdueOrders(t.deps, t.deps.now())).not.toContain(orderId);
    // 00:00 JST the next day: cancelled, and a second run (another instance) changes nothing.
    t.setNow(new Date('2026-11-27T15:00:00Z'));
    expect(await cancelOverdueOrders(t.deps, t.deps.now())).toContain(orderId);
    expect(await cancelOverdueOrders(t.deps, t.deps.now())).not.toContain(orderId);
    expect((await order(member, orderId)).state).toBe('cancelled');
    expect(await stockOf(product.variationId)).toBe(5);
    expect(await balance()).toBe(100);
    const [history] = await t.db.rows<{ actor: string; note: string }>(
      sql`select actor, note from order_state_history where order_id = ${orderId} and to_state = 'cancelled'`,
    );
    expect(history).toEqual({ actor: 'system', note: 'payment overdue' });
    const mails = await mailsOf('order_cancelled', orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parsed.subject).toBe(
      `【本の店】ご注文キャンセルのお知らせ（ご注文番号 ${orderId}）`,
    );
    for (const part of partsOf(mails[0])) {
      expect(part).toContain('お支払い期限までにご入金が確認できなかったため');
      expect(part).toContain('返還ポイント');
    }
    // The payment request still queued when it was cancelled is skipped, not sent late.
    expect(await outboxStates('payment_request', orderId)).toEqual(['skipped']);
  });

  test("a member's own cancellation is told too", async () => {
    const { member, orderId } = await transferOrder();
    expect((await member.client.post(`/api/orders/${orderId}/cancel/`)).status).toBe(200);
    const [mail] = await mailsOf('order_cancelled', orderId);
    for (const part of partsOf(mail)) expect(part).toContain('お客様のご依頼により');
  });
});

describe('a reservation paid by transfer', () => {
  test('is 予約中 with no due date until its release, then 入金待ち due a week later', async () => {
    const { member, orderId } = await transferOrder({ release: '2026-12-10' });
    const reserved = await order(member, orderId);
    expect(reserved.state).toBe('reserved');
    expect(reserved.paymentInstructions).toMatchObject({ kind: 'bank_transfer', dueDate: null });
    const [confirmation] = await mailsOf('order_confirmation', orderId);
    for (const part of partsOf(confirmation)) {
      expect(part).toContain('口座名義');
      expect(part).toContain('お振込み期限は、発売後に「ご入金のお願い」メールでお知らせします。');
    }
    expect(await outboxStates('payment_request', orderId)).toEqual([]);
    // The day before the release nothing moves.
    expect(await openReleasedReservations(t.deps, new Date('2026-12-09T03:00:00Z'))).not.toContain(
      orderId,
    );
    const released = new Date('2026-12-10T00:00:00Z'); // 09:00 JST on the release day
    t.setNow(released);
    expect(await openReleasedReservations(t.deps, released)).toContain(orderId);
    expect(await openReleasedReservations(t.deps, released)).not.toContain(orderId);
    const waiting = await order(member, orderId);
    expect(waiting.state).toBe('awaiting_payment');
    expect(waiting.paymentInstructions?.dueDate).toBe('2026-12-17');
    const [mail, ...more] = await mailsOf('payment_request', orderId);
    expect(more).toEqual([]);
    for (const part of partsOf(mail)) expect(part).toContain('2026年12月17日(木)');
  });

  test('paid in advance, it stays 予約中 and never becomes 入金待ち', async () => {
    const { member, orderId } = await transferOrder({ release: '2026-12-10' });
    expect(
      (await operatorPost(t, `/api/operator/orders/${orderId}/payment-received/`)).status,
    ).toBe(200);
    expect((await order(member, orderId)).state).toBe('reserved');
    expect(await openReleasedReservations(t.deps, new Date('2026-12-11T03:00:00Z'))).not.toContain(
      orderId,
    );
    const [mail] = await mailsOf('payment_received', orderId);
    for (const part of partsOf(mail)) expect(part).toContain('予約商品は発売後に発送いたします');
  });
});

describe('shipping', () => {
  test('takes a carrier and a tracking number of its length, and refuses others changing nothing', async () => {
    const { member, orderId } = await transferOrder();
    await operatorPost(t, `/api/operator/orders/${orderId}/payment-received/`);
    for (const [body, code] of [
      [undefined, 'invalid_json'],
      [{ carrier: 'kuroneko', trackingNumber: '123456789012' }, 'invalid_json'],
      [{ carrier: 'yamato', trackingNumber: '12345' }, 'invalid_json'],
      [{ carrier: 'yamato', trackingNumber: 'abcd-efgh-ijkl' }, 'invalid_json'],
      [{ carrier: 'yamato' }, 'invalid_json'],
    ] as const) {
      const res = await operatorPost(t, `/api/operator/orders/${orderId}/ship/`, body);
      const answer = (await res.json()) as {
        error: { code: string; message: string; details?: { code?: string }[] };
      };
      expect([res.status, answer.error.code]).toEqual([400, code]);
      expect(answer.error.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      expect((await order(member, orderId)).state).toBe('preparing');
    }
    const short = await operatorPost(t, `/api/operator/orders/${orderId}/ship/`, {
      carrier: 'sagawa',
      trackingNumber: '1',
    });
    const refused = (await short.json()) as {
      error: { details: { code?: string; message: string }[] };
    };
    expect(refused.error.details[0]).toMatchObject({ code: 'tracking_number' });
    expect(refused.error.details[0]?.message).toContain('佐川急便');

    const shipped = await operatorPost(t, `/api/operator/orders/${orderId}/ship/`, TEST_SHIPMENT);
    expect(shipped.status).toBe(200);
    const tracking = {
      carrier: 'yamato',
      trackingNumber: '123456789012',
      url: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=123456789012',
    };
    expect((await order(member, orderId)).tracking).toEqual(tracking);
    const [mail, ...more] = await mailsOf('shipped', orderId);
    expect(more).toEqual([]);
    expect(mail?.parsed.subject).toBe(`【本の店】発送のお知らせ（ご注文番号 ${orderId}）`);
    for (const part of partsOf(mail)) {
      expect(part).toContain('ヤマト運輸');
      expect(part).toContain('123456789012');
      expect(part).toContain('葬送のフリーレン 14巻');
    }
    expect(mail?.parsed.html).toContain(`<a href="${tracking.url.replace('&', '&amp;')}">`);
  });

  test('a bundle ships as one parcel: one 発送のお知らせ for its orders, to its member, with its tracking link', async () => {
    /** A member with two card orders (in stock, one address) bundled; gives the bundle and titles. */
    async function bundledPair(titles: [string, string]) {
      const member = await insertMember(t);
      const ids: number[] = [];
      for (const title of titles) {
        const product = await insertProduct(t.db, { title, price: 2400, stock: 3 });
        await member.client.post('/api/cart/', { variationId: product.variationId, quantity: 1 });
        const res = await confirm(member.client, CHECKOUT, {
          shippingMethod: 'home_delivery',
          paymentMethod: 'credit_card',
          addressId: member.addressId,
          card: { token: createSandboxToken({ outcome: 'ok' }) },
        });
        expect(res.status, await res.clone().text()).toBe(201);
        const [placed] = ((await res.json()) as { orders: { id: number }[] }).orders;
        if (placed === undefined) throw new Error('no order');
        ids.push(placed.id);
      }
      const made = await member.client.request(
        'POST',
        '/api/reserveshop/bundle/',
        { orderIds: ids },
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(made.status, await made.clone().text()).toBe(201);
      const { id: bundleId } = (await made.json()) as { id: number };
      const [row] = await t.db.rows<{ email: string }>(
        sql`select email from members where id = ${member.memberId}`,
      );
      return { member, ids, bundleId, email: row?.email ?? '' };
    }
    const ours = await bundledPair(['ダンジョン飯 1巻', 'ダンジョン飯 2巻']);
    const theirs = await bundledPair(['チェンソーマン 1巻', 'チェンソーマン 2巻']);

    const sagawa = { carrier: 'sagawa', trackingNumber: '987654321098' } as const;
    for (const [bundle, tracking] of [
      [ours, TEST_SHIPMENT],
      [theirs, sagawa],
    ] as const) {
      const shipped = await operatorPost(
        t,
        `/api/operator/bundles/${bundle.bundleId}/ship/`,
        tracking,
      );
      expect(shipped.status, await shipped.clone().text()).toBe(200);
    }
    // Shipping it again (by the bundle or one of its orders) is refused and mails nobody.
    const again = await operatorPost(
      t,
      `/api/operator/bundles/${ours.bundleId}/ship/`,
      TEST_SHIPMENT,
    );
    expect(again.status).toBe(409);
    expect(
      (await operatorPost(t, `/api/operator/orders/${ours.ids[1]}/ship/`, TEST_SHIPMENT)).status,
    ).toBe(409);

    const url = 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=123456789012';
    const view = await getBundle(t.deps, null, ours.bundleId);
    expect(view.orders.map((o) => o.tracking)).toEqual([
      { carrier: 'yamato', trackingNumber: '123456789012', url },
      { carrier: 'yamato', trackingNumber: '123456789012', url },
    ]);
    // One mail for the parcel, found through either of its orders, to the bundle's member only.
    const [mail, ...more] = await mailsOf('shipped', ours.ids[0] ?? 0);
    expect(more).toEqual([]);
    expect((await mailsOf('shipped', ours.ids[1] ?? 0)).map((m) => m.messageId)).toEqual([
      mail?.messageId,
    ]);
    expect(mail?.parsed.to).toMatchObject({ value: [{ address: ours.email }] });
    expect(mail?.parsed.subject).toBe(
      `【本の店】発送のお知らせ（ご注文番号 ${ours.ids[0]}・${ours.ids[1]}）`,
    );
    for (const part of partsOf(mail)) {
      expect(part).toContain('ヤマト運輸');
      expect(part).toContain('123456789012');
      expect(part).toContain('ダンジョン飯 1巻');
      expect(part).toContain('ダンジョン飯 2巻');
      expect(part).not.toContain('チェンソーマン');
      expect(part).not.toContain('987654321098');
    }
    expect(mail?.parsed.text).toContain(url);
    expect(mail?.parsed.html).toContain(`<a href="${url}">`);

    const [other, ...otherMore] = await mailsOf('shipped', theirs.ids[0] ?? 0);
    expect(otherMore).toEqual([]);
    expect(other?.parsed.to).toMatchObject({ value: [{ address: theirs.email }] });
    for (const part of partsOf(other)) {
      expect(part).toContain('佐川急便');
      expect(part).toContain('987654321098');
      expect(part).toContain('チェンソーマン 2巻');
      expect(part).not.toContain('ダンジョン飯');
    }
    // Exactly one 発送のお知らせ arrived per bundle: none per order.
    const shippedMails = smtp.received.filter((r) => r.parsed.subject?.includes('発送のお知らせ'));
    const forBundles = shippedMails.filter((r) =>
      [ours.email, theirs.email].includes(
        (Array.isArray(r.parsed.to) ? r.parsed.to[0] : r.parsed.to)?.value[0]?.address ?? '',
      ),
    );
    expect(forBundles.map((r) => r.messageId).sort()).toEqual(
      [mail?.messageId, other?.messageId].sort(),
    );
  });
});
