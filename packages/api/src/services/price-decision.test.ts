import { priceDecisionCancelDeadline, quote } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { TestClient } from '../../test/support/accounts-app';
import {
  confirm,
  createOrdersTestApp,
  insertMember,
  insertProduct,
  type MemberFixture,
  type OrdersTestApp,
  operatorPost,
  reserveByTransfer,
  snapshot,
  stockOf,
  TEST_SHIPMENT,
} from '../../test/support/orders-app';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/support/smtp-receiver';
import { loadMailConfig } from '../config/mail';
import { messageIdOf } from '../notifications/compose';
import { createMailer, type Mailer } from '../notifications/mailer';
import { signingKey } from '../notifications/unsubscribe';
import { deliverDue } from '../notifications/worker';
import type { AuthorizeRequest } from '../payments/gateway';
import { DbSandboxStore } from '../payments/sandbox/db-sandbox-store';
import { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { createSandboxToken } from '../payments/sandbox/sandbox-token';
import {
  AUTHORIZATION_LEASE_MINUTES,
  decidePrice,
  priceDecidedAuthorizations,
} from './price-decision';

// 価格未定 can be reserved (docs/catalog-mail.md, "価格決定"): checkout writes the undecided
// shipment's order with its amounts pending; the operator's price decision quotes it again with
// the checkout's pricing, mails 価格決定のお知らせ and authorises the saved card.

const ORIGIN = 'https://shop.example';
const CHECKOUT = '/api/reserveshop/checkout/';

/** The sandbox gateway, down for the next `down` authorisations when asked. */
const gatewayState = { down: 0 };
class FlakyGateway extends SandboxGateway {
  override async authorize(request: AuthorizeRequest) {
    if (gatewayState.down > 0) {
      gatewayState.down--;
      return { ok: false as const, reason: 'unavailable' as const, codes: ['E90000000'] };
    }
    return super.authorize(request);
  }
}

let t: OrdersTestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let key: Buffer;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createOrdersTestApp({
    poolSize: 8,
    gateway: (db, now) => new FlakyGateway({ store: new DbSandboxStore(db), now }),
  });
  t.deps.config.publicOrigin = ORIGIN;
  t.deps.config.mail = { ...loadMailConfig({ SMTP_URL: smtp.url }), concurrency: 4 };
  mailer = createMailer(t.deps.config);
  key = await signingKey(t.db);
}, 120_000);

afterAll(async () => {
  mailer?.close();
  await t?.close();
  await smtp?.close();
});

async function deliverAll(): Promise<void> {
  while ((await deliverDue(t.deps, mailer, key)) > 0) {}
}

interface OrderJson {
  id: number;
  state: string;
  pricePending: boolean;
  subtotal: number;
  shippingFee: number;
  paymentFee: number;
  total: number;
  amountDue?: number;
  pointsToGrant: number;
  paymentInstructions?: { kind?: string; dueDate: string | null; amount: number } | null;
  items?: { variationId: number; unitPrice: number | null }[];
}

function undecided(options: { stock?: number; sellStartDate?: string } = {}) {
  return insertProduct(t.db, {
    price: null,
    pointValue: 0,
    canReserve: true,
    sellStartDate: options.sellStartDate ?? '2027-03-01',
    stock: options.stock ?? 10,
  });
}

async function checkout(member: MemberFixture, body: Record<string, unknown>) {
  return confirm(member.client, CHECKOUT, {
    shippingMethod: 'home_delivery',
    addressId: member.addressId,
    ...body,
  });
}

/** Saves a card that authorises for the member, and answers its id. */
async function saveCard(member: MemberFixture): Promise<number> {
  const saved = await member.client.post('/api/gmo-multipay/creditcard/', {
    token: createSandboxToken({ outcome: 'ok' }),
  });
  expect(saved.status).toBe(201);
  return ((await saved.json()) as { card: { id: number } }).card.id;
}

/** Reserves `quantity` of one variation, paid by a saved card, and answers the order's id. */
async function reserveWithCard(
  member: MemberFixture,
  cardId: number,
  variationId: number,
  quantity = 1,
): Promise<number> {
  const res = await confirm(member.client, '/api/reserveshop/reserve/', {
    shippingMethod: 'home_delivery',
    paymentMethod: 'credit_card',
    addressId: member.addressId,
    card: { savedCardId: cardId },
    items: [{ variationId, quantity }],
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { orders: OrderJson[] }).orders[0]?.id ?? 0;
}

function decide(variationId: number, unitPrice: number, pointValue?: number) {
  return operatorPost(t, `/api/operator/variations/${variationId}/price/`, {
    unitPrice,
    ...(pointValue === undefined ? {} : { pointValue }),
  });
}

async function orderOf(member: MemberFixture, id: number): Promise<OrderJson> {
  const res = await member.client.get(`/api/orders/${id}/`);
  expect(res.status).toBe(200);
  return (await res.json()) as OrderJson;
}

async function detailOf(orderId: number): Promise<{ state: string; amountDue: number }> {
  const [row] = await t.db.rows<{ state: string; amountDue: number }>(
    sql`select o.status as state, d.amount_due as "amountDue"
        from orders o join order_details d on d.order_id = o.id where o.id = ${orderId}`,
  );
  if (row === undefined) throw new Error(`order ${orderId} not found`);
  return row;
}

async function mailsOf(kind: string, memberId: number) {
  const rows = await t.db.rows<{ id: number; payload: Record<string, unknown> }>(
    sql`select id::int as id, payload from notification_outbox
        where kind = ${kind} and member_id = ${memberId} order by id`,
  );
  await deliverAll();
  return rows.map((row) => ({
    ...row,
    mail: smtp.received.find((r) => r.messageId === messageIdOf(t.deps.config, row.id)),
  }));
}

describe('checkout with a 価格未定 item', () => {
  test('a cart with it and a priced item checks out: the undecided order is pending, unpriced, with no due date', async () => {
    const pending = await undecided();
    const priced = await insertProduct(t.db, { price: 1100, stock: 5 });
    const member = await insertMember(t);
    await member.client.post('/api/cart/', { variationId: pending.variationId, quantity: 2 });
    await member.client.post('/api/cart/', { variationId: priced.variationId, quantity: 1 });

    const quoted = await member.client.post('/api/reserveshop/checkout/quote/', {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
    });
    expect(quoted.status).toBe(200);
    const q = (await quoted.json()) as {
      pricePending: boolean;
      totals: { subtotal: number } | null;
      problem: unknown;
      shipments: { pricePending: boolean; total: number; lines: { unitPrice: number | null }[] }[];
      paymentMethods: { typeName: string; available: boolean; reason: { code: string } | null }[];
    };
    expect(q.problem).toBeNull();
    expect(q.pricePending).toBe(true);
    // The known part: the priced item only.
    expect(q.totals?.subtotal).toBe(1100);
    expect(q.shipments.map((s) => [s.pricePending, s.lines[0]?.unitPrice])).toEqual([
      [false, 1100],
      [true, null],
    ]);
    expect(q.paymentMethods.find((m) => m.typeName === 'full_points')?.reason?.code).toBe(
      'payment_cannot_wait_for_price',
    );

    const res = await checkout(member, { paymentMethod: 'bank_transfer' });
    expect(res.status).toBe(201);
    const { orders } = (await res.json()) as { orders: OrderJson[] };
    expect(orders).toHaveLength(2);
    const [now, later] = orders;
    expect(now).toMatchObject({ pricePending: false, subtotal: 1100, state: 'awaiting_payment' });
    expect(now?.paymentInstructions?.amount).toBe(now?.total);
    expect(later).toMatchObject({
      pricePending: true,
      state: 'reserved',
      subtotal: 0,
      shippingFee: 0,
      paymentFee: 0,
      total: 0,
      paymentInstructions: null,
    });
    const detail = await orderOf(member, later?.id ?? 0);
    expect(detail).toMatchObject({ pricePending: true, amountDue: 0 });
    expect(detail.items?.[0]?.unitPrice).toBeNull();
    // The stock is held and the cart emptied, as for any reservation.
    expect(await stockOf(t.db, pending.variationId)).toBe(8);
    expect((await member.client.get('/api/cart/')).status).toBe(200);

    const [confirmation] = await mailsOf('order_confirmation', member.memberId);
    const text = confirmation?.mail?.parsed.text ?? '';
    expect(text).toContain('価格未定 × 2');
    expect(text).toContain('価格決定後にお知らせします');
  });

  test('全額ポイント利用 and a one-time card token are refused for it, and change nothing', async () => {
    const pending = await undecided();
    const member = await insertMember(t, { points: 100_000 });
    const items = [{ variationId: pending.variationId, quantity: 1 }];
    const body = { shippingMethod: 'home_delivery', addressId: member.addressId, items };
    const before = await snapshot(t.db);
    const points = await confirm(member.client, '/api/reserveshop/reserve/', {
      ...body,
      paymentMethod: 'full_points',
    });
    expect(points.status).toBe(422);
    expect(((await points.json()) as { error: { code: string } }).error.code).toBe(
      'payment_cannot_wait_for_price',
    );
    const token = await confirm(member.client, '/api/reserveshop/reserve/', {
      ...body,
      paymentMethod: 'credit_card',
      card: { token: createSandboxToken({ outcome: 'ok' }) },
    });
    expect(token.status).toBe(422);
    expect(((await token.json()) as { error: { code: string } }).error.code).toBe(
      'saved_card_required',
    );
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('a 価格未定 item that is not a reservation still cannot be bought', async () => {
    const released = await insertProduct(t.db, { price: null, sellStartDate: '2026-01-01' });
    const member = await insertMember(t);
    await member.client.post('/api/cart/', { variationId: released.variationId, quantity: 1 });
    const res = await checkout(member, { paymentMethod: 'bank_transfer' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('price_undecided');
  });
});

describe('the operator decides the price', () => {
  test('open orders are quoted with the checkout pricing, mailed with the total, deadline and a working cancel link', async () => {
    const pending = await undecided();
    const alice = await insertMember(t);
    const bob = await insertMember(t);
    const reserve = async (member: MemberFixture, quantity: number, paymentMethod: string) => {
      const res = await confirm(member.client, '/api/reserveshop/reserve/', {
        shippingMethod: 'home_delivery',
        paymentMethod,
        addressId: member.addressId,
        items: [{ variationId: pending.variationId, quantity }],
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { orders: OrderJson[] }).orders[0]?.id ?? 0;
    };
    const aliceOrder = await reserve(alice, 1, 'cash_on_delivery');
    const bobOrder = await reserve(bob, 3, 'bank_transfer');
    const cancelled = await reserve(bob, 1, 'bank_transfer');
    expect((await bob.client.post(`/api/orders/${cancelled}/cancel/`)).status).toBe(200);

    const res = await decide(pending.variationId, 3300, 33);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      variationId: pending.variationId,
      unitPrice: 3300,
      ordersPriced: 2,
      notices: 2,
      cardsAuthorised: 0,
      cardsFailed: 0,
    });
    // The same amounts checkout computes for these lines and methods (@shop/rules quote).
    for (const [member, orderId, quantity, payment] of [
      [alice, aliceOrder, 1, 'cash_on_delivery'],
      [bob, bobOrder, 3, 'bank_transfer'],
    ] as const) {
      const expected = quote({
        lines: [{ unit_price: '3300', quantity, point_value: 33 }],
        shipping: 'home_delivery',
        payment,
      });
      if (!expected.ok) throw new Error(expected.reason);
      const order = await orderOf(member, orderId);
      expect(order).toMatchObject({
        pricePending: false,
        state: 'reserved',
        subtotal: expected.subtotal,
        shippingFee: expected.shippingFee,
        paymentFee: expected.paymentFee,
        amountDue: expected.total,
        pointsToGrant: expected.pointsEarned,
      });
      expect(order.items?.[0]?.unitPrice).toBe(3300);
    }
    // 代引き over 10,000 yen is free of its fee; under it is not: the tier follows the new subtotal.
    expect((await orderOf(alice, aliceOrder)).paymentFee).toBe(330);
    // Bob's transfer has its account now that it has an amount (no due date while it waits for
    // its release, when the payment job asks for the money); 代引き has none.
    const bobView = await orderOf(bob, bobOrder);
    expect(bobView.paymentInstructions).toMatchObject({
      kind: 'bank_transfer',
      amount: bobView.amountDue,
      dueDate: null,
    });
    expect((await orderOf(alice, aliceOrder)).paymentInstructions).toBeNull();
    expect((await orderOf(bob, cancelled)).state).toBe('cancelled');

    const [row] = await mailsOf('price_decided', bob.memberId);
    expect(row?.payload).toMatchObject({ orderIds: [bobOrder], outcome: 'priced' });
    const mail = row?.mail;
    expect(mail, 'the mail arrived').toBeDefined();
    expect(mail?.parsed.subject).toBe(`【本の店】価格決定のお知らせ（ご注文番号 ${bobOrder}）`);
    const text = mail?.parsed.text ?? '';
    const deadline = priceDecisionCancelDeadline(t.deps.now());
    const [y, m, d] = deadline.split('-').map(Number);
    expect(text).toContain(`${y}年${m}月${d}日`);
    expect(text).toContain('3,300円 × 3');
    const bobTotal = (await orderOf(bob, bobOrder)).amountDue ?? -1;
    expect(text).toContain(bobTotal.toLocaleString('ja-JP'));
    const link = /無料でキャンセルする[^\n]*\n?\s*(https:\/\/\S+)/.exec(text)?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const guest = new TestClient(t.app, '198.51.100.9');
    await guest.session();
    const stockBefore = await stockOf(t.db, pending.variationId);
    const cancel = await guest.request('POST', `/api/orders/reservation-cancel/?token=${token}`);
    expect(cancel.status).toBe(200);
    expect((await orderOf(bob, bobOrder)).state).toBe('cancelled');
    expect(await stockOf(t.db, pending.variationId)).toBe(stockBefore + 3);
  });

  test("a decided price may take a placed order past checkout's MAX_ORDER_AMOUNT: it is priced all the same", async () => {
    const member = await insertMember(t);
    const pending = await undecided({ stock: 200 });
    const placed = await reserveByTransfer(member, pending.variationId, 99);
    expect(placed.status).toBe(201);
    const [order] = ((await placed.json()) as { orders: OrderJson[] }).orders;
    // 99 copies at 2,000,000 yen: 198,000,000 yen, more than a checkout may come to.
    expect((await decide(pending.variationId, 2_000_000)).status).toBe(200);
    expect((await orderOf(member, order?.id ?? 0)).subtotal).toBe(198_000_000);
  });

  test('deciding twice is refused and changes nothing; bad input is a 4xx', async () => {
    const pending = await undecided();
    expect((await decide(pending.variationId, 1100)).status).toBe(200);
    const before = await snapshot(t.db);
    const again = await decide(pending.variationId, 990);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      'price_already_decided',
    );
    expect((await decide(999_999_999, 1100)).status).toBe(404);
    expect((await decide(pending.variationId, 0)).status).toBe(400);
    expect(
      (
        await operatorPost(
          t,
          `/api/operator/variations/${pending.variationId}/price/`,
          { unitPrice: 1 },
          null,
        )
      ).status,
    ).toBe(401);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('a card order is authorised with its saved card then; a card deleted since cancels it with stock back and a mail', async () => {
    const pending = await undecided({ stock: 5 });
    const members = [await insertMember(t), await insertMember(t)];
    const orderIds: number[] = [];
    for (const member of members) {
      const cardId = await saveCard(member);
      orderIds.push(await reserveWithCard(member, cardId, pending.variationId));
      if (orderIds.length === 2) {
        expect((await member.client.delete(`/api/gmo-multipay/creditcard/${cardId}/`)).status).toBe(
          204,
        );
      }
    }
    // No authorisation at checkout.
    const none = await t.db.rows<{ n: number }>(
      sql`select count(*)::int as n from payments where order_id in (${orderIds[0]}, ${orderIds[1]})`,
    );
    expect(none[0]?.n).toBe(0);
    expect(await stockOf(t.db, pending.variationId)).toBe(3);

    const res = await decide(pending.variationId, 2200);
    expect(await res.json()).toMatchObject({ ordersPriced: 2, cardsAuthorised: 1, cardsFailed: 1 });
    const [kept, refused] = members;
    if (kept === undefined || refused === undefined) throw new Error('members');
    const keptOrder = await orderOf(kept, orderIds[0] ?? 0);
    const payments = await t.db.rows<{ status: string; amount: number }>(
      sql`select status, amount from payments where order_id = ${keptOrder.id}`,
    );
    expect(payments).toEqual([{ status: 'authorized', amount: keptOrder.amountDue }]);
    expect((await orderOf(refused, orderIds[1] ?? 0)).state).toBe('cancelled');
    expect(await stockOf(t.db, pending.variationId)).toBe(4);
    const mails = await mailsOf('price_decided', refused.memberId);
    expect(mails.map((m) => m.payload.outcome)).toEqual(['priced', 'card_failed']);
    expect(mails[1]?.mail?.parsed.subject).toContain('キャンセルになりました');
  });
});

describe('a refused card: the cancellation and its mail commit together', () => {
  test('a run that stops where the mail is written leaves the order reserved for the next run, which cancels it with one mail', async () => {
    const pending = await undecided({ stock: 5 });
    const member = await insertMember(t);
    const cardId = await saveCard(member);
    const orderId = await reserveWithCard(member, cardId, pending.variationId);
    // Deleted since: the authorisation after the decision is refused.
    expect((await member.client.delete(`/api/gmo-multipay/creditcard/${cardId}/`)).status).toBe(
      204,
    );
    expect(await stockOf(t.db, pending.variationId)).toBe(4);

    // The process stops where the card_failed mail is written (a trigger refuses that row).
    await t.db.orm.execute(
      sql.raw(`create or replace function stop_at_card_failed() returns trigger language plpgsql as $$
        begin
          if new.dedupe_key = 'price_decided:order:${orderId}:card_failed' then
            raise exception 'process stopped';
          end if;
          return new;
        end $$`),
    );
    await t.db.orm.execute(
      sql.raw(`create trigger stop_at_card_failed before insert on notification_outbox
        for each row execute function stop_at_card_failed()`),
    );
    const dropTrigger = async () => {
      await t.db.orm.execute(
        sql.raw('drop trigger if exists stop_at_card_failed on notification_outbox'),
      );
      await t.db.orm.execute(sql.raw('drop function if exists stop_at_card_failed()'));
    };
    onTestFinished(dropTrigger);
    await expect(decidePrice(t.deps, pending.variationId, 1800, undefined)).rejects.toThrow();
    await dropTrigger();

    /** The order's state, the card_failed and ご注文キャンセル mails queued, the payment rows. */
    const state = async () => ({
      order: (await detailOf(orderId)).state,
      cardFailed: (await mailsOf('price_decided', member.memberId)).filter(
        (m) => m.payload.outcome === 'card_failed',
      ).length,
      cancelMails: (await mailsOf('order_cancelled', member.memberId)).length,
      payments: await t.db.rows<{ status: string }>(
        sql`select status from payments where order_id = ${orderId}`,
      ),
      stock: await stockOf(t.db, pending.variationId),
    });
    // Nothing of the refusal was recorded: priced, reserved, its stock held, no mail yet.
    expect(await state()).toEqual({
      order: 'reserved',
      cardFailed: 0,
      cancelMails: 0,
      payments: [{ status: 'pending' }],
      stock: 4,
    });
    // Within the authorisation's lease the job leaves it (the first run might still be at it).
    await priceDecidedAuthorizations.run(t.deps, t.deps.now());
    expect((await state()).order).toBe('reserved');

    // Past the lease, two runs at once (two instances): one takes the row over, asks the
    // gateway again and cancels the order with its one mail; the other leaves it.
    await t.db.orm.execute(
      sql`update payments set updated_at = updated_at - make_interval(mins => ${AUTHORIZATION_LEASE_MINUTES + 1})
          where order_id = ${orderId}`,
    );
    await Promise.all([
      priceDecidedAuthorizations.run(t.deps, t.deps.now()),
      priceDecidedAuthorizations.run(t.deps, t.deps.now()),
    ]);
    await priceDecidedAuthorizations.run(t.deps, t.deps.now());
    expect(await state()).toEqual({
      order: 'cancelled',
      cardFailed: 1,
      cancelMails: 0,
      payments: [{ status: 'failed' }],
      stock: 5,
    });
    const [mail] = (await mailsOf('price_decided', member.memberId)).filter(
      (m) => m.payload.outcome === 'card_failed',
    );
    expect(mail?.mail?.parsed.subject).toContain('キャンセルになりました');
    const [detail] = await t.db.rows<{ pendingCard: number | null }>(
      sql`select pending_card_id as "pendingCard" from order_details where order_id = ${orderId}`,
    );
    expect(detail?.pendingCard).toBeNull();
  });
});

describe('bundles', () => {
  test('a 価格未定 order cannot be bundled until its price is decided', async () => {
    const pending = await undecided({ sellStartDate: '2027-04-01' });
    const other = await insertProduct(t.db, {
      price: 1100,
      canReserve: true,
      sellStartDate: '2027-05-01',
    });
    const member = await insertMember(t);
    const cardId = await saveCard(member);
    const ids: number[] = [];
    for (const variationId of [pending.variationId, other.variationId]) {
      ids.push(await reserveWithCard(member, cardId, variationId));
    }
    const refused = await member.client.post('/api/reserveshop/bundle/preview/', { orderIds: ids });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'order_price_pending',
    );
    expect((await decide(pending.variationId, 1320)).status).toBe(200);
    const previewed = await member.client.post('/api/reserveshop/bundle/preview/', {
      orderIds: ids,
    });
    expect(previewed.status).toBe(200);
  });
});

describe('the gateway down at the decision', () => {
  test('the order is not cancelled; the scheduled job authorises it once the gateway is back', async () => {
    const pending = await undecided({ stock: 5, sellStartDate: '2026-11-25' });
    const member = await insertMember(t);
    const orderId = await reserveWithCard(member, await saveCard(member), pending.variationId, 2);
    const placedAt = t.deps.now();
    onTestFinished(() => t.setNow(placedAt));
    // Released, but nothing to capture: it cannot ship while pending, nor priced and unauthorised.
    t.setNow(new Date('2026-11-26T03:00:00Z'));
    const ship = () => operatorPost(t, `/api/operator/orders/${orderId}/ship/`, TEST_SHIPMENT);
    const early = await ship();
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('price_pending');
    gatewayState.down = 1;
    const decided = await decide(pending.variationId, 1500);
    expect(await decided.json()).toMatchObject({ cardsAuthorised: 0, cardsFailed: 0 });
    // (The member's session has expired by this clock: the database is read directly.)
    expect((await detailOf(orderId)).state).toBe('reserved');
    expect((await ship()).status).toBe(409);
    const none = await t.db.rows<{ n: number }>(
      sql`select count(*)::int as n from payments where order_id = ${orderId}`,
    );
    expect(none[0]?.n).toBe(0);

    await priceDecidedAuthorizations.run(t.deps, t.deps.now());
    const order = await detailOf(orderId);
    const payments = await t.db.rows<{ status: string; amount: number }>(
      sql`select status, amount from payments where order_id = ${orderId}`,
    );
    expect(payments).toEqual([{ status: 'authorized', amount: order.amountDue }]);
    // A second tick has nothing left to do.
    await priceDecidedAuthorizations.run(t.deps, t.deps.now());
    expect(
      await t.db.rows(sql`select status from payments where order_id = ${orderId}`),
    ).toHaveLength(1);
    // Authorised: it ships, capturing the decided amount.
    expect((await ship()).status).toBe(200);
    expect(await t.db.rows(sql`select status from payments where order_id = ${orderId}`)).toEqual([
      { status: 'captured' },
    ]);
    t.setNow(new Date('2026-11-20T03:00:00.000Z'));
  });
});

describe('concurrency', () => {
  test.each([1, 2, 3])(
    'deciding while shoppers reserve the item (round %i): every order is priced, none left pending',
    async () => {
      const pending = await undecided({ stock: 100 });
      const members = await Promise.all(Array.from({ length: 12 }, () => insertMember(t)));
      const reserve = (member: MemberFixture) =>
        confirm(member.client, '/api/reserveshop/reserve/', {
          shippingMethod: 'home_delivery',
          paymentMethod: 'bank_transfer',
          addressId: member.addressId,
          items: [{ variationId: pending.variationId, quantity: 1 }],
        });
      const results = await Promise.all([
        ...members.slice(0, 6).map(reserve),
        decide(pending.variationId, 1650),
        decide(pending.variationId, 1650),
        ...members.slice(6).map(reserve),
      ]);
      const decisions = results.slice(6, 8).map((r) => r.status);
      expect(decisions.sort()).toEqual([200, 409]);
      for (const r of [...results.slice(0, 6), ...results.slice(8)]) {
        // Priced at checkout, pending and then priced, or refused because the price came first.
        expect([201, 409]).toContain(r.status);
        if (r.status === 409) {
          expect(((await r.clone().json()) as { error: { code: string } }).error.code).toBe(
            'price_decided',
          );
        }
      }
      const rows = await t.db.rows<{
        pending: boolean;
        unitPrice: number | null;
        subtotal: number;
      }>(
        sql`select d.price_pending as pending, i.unit_price as "unitPrice", o.subtotal
          from order_items i join order_details d on d.order_id = i.order_id join orders o on o.id = i.order_id
          where i.variation_id = ${pending.variationId}`,
      );
      const created = [...results.slice(0, 6), ...results.slice(8)].filter((r) => r.status === 201);
      expect(rows).toHaveLength(created.length);
      expect(rows.every((r) => !r.pending && r.unitPrice === 1650 && r.subtotal === 1650)).toBe(
        true,
      );
      expect(await stockOf(t.db, pending.variationId)).toBe(100 - created.length);
    },
  );
});
