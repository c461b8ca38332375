import { EMPTY_ADDRESS } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { AddressSnapshot } from '../src/db/schema/orders';
import { txRows } from '../src/db/tx';
import type { Mailer } from '../src/notifications/mailer';
import { signingKey } from '../src/notifications/unsubscribe';
import { deliverDue } from '../src/notifications/worker';
import { createSandboxToken } from '../src/payments/sandbox/sandbox-token';
import { randomSuffix, TestClient } from './support/accounts-app';
import {
  confirm,
  insertProduct,
  operatorPost,
  ordersTestApp,
  snapshot,
  TEST_SHIPMENT,
} from './support/orders-app';

// Withdrawal (退会) on the real app, with the real orders side (services/orders.ts
// ordersForWithdrawal), not the test double the account tests use.

const t = ordersTestApp();

const PASSWORD = 'correct horse battery';
const CHECKOUT = '/api/reserveshop/checkout/';

interface Person {
  email: string;
  name: string;
  address: AddressSnapshot;
}

/**
 * The two members of these tests, both living in Sapporo (060-0000, 北海道札幌市中央区): name
 * and kana (family and given, a space between), street, building, phone.
 */
const SAPPORO_RESIDENTS = {
  leaving: [
    '瀬戸内 奈々子',
    'セトウチ ナナコ',
    '北1条西2丁目',
    'セトウチハイツ305',
    '011-987-6543',
  ],
  staying: ['泉谷 一颯', 'イズミヤ イブキ', '北3条西4丁目', '', '011-222-3333'],
} as const;

/** One of SAPPORO_RESIDENTS as a Person, with an e-mail address of their own. */
function sapporoResident(who: keyof typeof SAPPORO_RESIDENTS): Person {
  const [name, kana, street, building, phone] = SAPPORO_RESIDENTS[who];
  const [lastName = '', firstName = ''] = name.split(' ');
  const [lastNameKana = '', firstNameKana = ''] = kana.split(' ');
  return {
    email: `${who}-${randomSuffix()}@example.jp`,
    name,
    address: {
      postalCode: '060-0000',
      prefecture: '北海道',
      city: '札幌市中央区',
      street,
      building,
      lastName,
      firstName,
      lastNameKana,
      firstNameKana,
      phone,
    },
  };
}

/** Registers a member through the API and saves their address; returns their client and ids. */
async function register(person: Person, address: string) {
  const client = new TestClient(t.app, address);
  expect((await client.register(person.email, PASSWORD, { name: person.name })).status).toBe(201);
  const saved = await client.post('/api/addressbook/', person.address);
  expect(saved.status).toBe(201);
  const addressId = ((await saved.json()) as { address: { id: number } }).address.id;
  const me = (await client.session()).member;
  if (me === null) throw new Error('not logged in');
  return { client, addressId, memberId: me.id };
}

async function buy(
  client: TestClient,
  addressId: number,
  variationId: number,
  paymentMethod: 'credit_card' | 'bank_transfer',
) {
  await client.post('/api/cart/', { variationId, quantity: 1 });
  const res = await confirm(client, CHECKOUT, {
    shippingMethod: 'home_delivery',
    paymentMethod,
    addressId,
    ...(paymentMethod === 'credit_card'
      ? { card: { token: createSandboxToken({ outcome: 'ok' }) } }
      : {}),
  });
  expect(res.status).toBe(201);
  const [order] = ((await res.json()) as { orders: { id: number }[] }).orders;
  if (order === undefined) throw new Error('no order');
  return order.id;
}

async function ordersOf(memberId: number) {
  return txRows<{
    id: number;
    state: string;
    total: number;
    amountDue: number;
    address: Person['address'];
  }>(
    t.db.orm,
    sql`select o.id::int as id, o.status as state, o.total, d.amount_due as "amountDue", d.address
        from orders o join order_details d on d.order_id = o.id
        where d.member_id = ${memberId} order by o.id`,
  );
}

/** Every table's rows as JSON text, to look for what must be gone. */
async function everyRow(): Promise<string> {
  const tables = await txRows<{ name: string }>(
    t.db.orm,
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await txRows<{ row: string }>(
      t.db.orm,
      sql`select to_jsonb(x)::text as row from ${sql.identifier(name)} x`,
    );
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

describe('withdrawal with real orders', () => {
  test('a member with shipped and cancelled orders leaves: orders kept anonymised, cart, sessions and login gone, e-mail free again', async () => {
    const person = sapporoResident('leaving');
    const { client, addressId, memberId } = await register(person, '192.0.2.31');
    const p = await insertProduct(t.db, { stock: 10, price: 1500, pointValue: 15 });
    const shipped = await buy(client, addressId, p.variationId, 'credit_card');
    expect(
      (await operatorPost(t, `/api/operator/orders/${shipped}/ship/`, TEST_SHIPMENT)).status,
    ).toBe(200);
    const cancelled = await buy(client, addressId, p.variationId, 'bank_transfer');
    expect((await client.post(`/api/orders/${cancelled}/cancel/`)).status).toBe(200);
    // Something left in the cart, and a second device logged in.
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 2 });
    const secondDevice = new TestClient(t.app, '192.0.2.32');
    expect((await secondDevice.login(person.email, PASSWORD)).status).toBe(200);
    const before = await ordersOf(memberId);
    expect(before.map((o) => [o.id, o.state])).toEqual([
      [shipped, 'shipped'],
      [cancelled, 'cancelled'],
    ]);
    expect(before[0]?.address).toMatchObject({ lastName: '瀬戸内', street: '北1条西2丁目' });
    const stockBefore = (await snapshot(t.db)).stock;
    const traces = [
      person.email,
      person.name,
      '瀬戸内',
      '奈々子',
      'セトウチ',
      'ナナコ',
      '北1条西2丁目',
      'セトウチハイツ305',
      // The phone as stored (digits only).
      '0119876543',
    ];
    const rowsBefore = await everyRow();
    for (const trace of traces) expect(rowsBefore, trace).toContain(trace);

    expect(await (await client.get('/api/user/delete/')).json()).toEqual({
      canWithdraw: true,
      blockers: [],
    });
    const res = await client.post('/api/user/delete/', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ withdrawn: true });

    // The orders stay, with their states and money, but without the person.
    const after = await ordersOf(memberId);
    expect(after.map(({ address: _, ...o }) => o)).toEqual(before.map(({ address: _, ...o }) => o));
    for (const order of after) {
      expect(order.address).toEqual({ ...EMPTY_ADDRESS, prefecture: '北海道' });
    }
    // The one trace left is the withdrawal mail to the address the member had, queued with the
    // withdrawal; once sent, its row keeps no address (notifications/worker.ts).
    const mails = await txRows<{ recipient: string | null }>(
      t.db.orm,
      sql`select recipient from notification_outbox where kind = 'withdrawal_completed' and state = 'queued'`,
    );
    expect(mails).toEqual([{ recipient: person.email }]);
    const sent: string[] = [];
    const mailer: Mailer = {
      kind: 'mailbox',
      send: async (mail) => void sent.push(mail.to),
      close: () => {},
    };
    while ((await deliverDue(t.deps, mailer, await signingKey(t.db))) > 0) {}
    expect(sent).toEqual([person.email]);
    // Nowhere in the database: not on the orders, the member, the addresses or anywhere else.
    const rows = await everyRow();
    for (const trace of traces) expect(rows, trace).not.toContain(trace);
    // The cart is gone (its units were never claimed: the stock stays), and every session.
    const [left] = await txRows<{ carts: number; sessions: number }>(
      t.db.orm,
      sql`select (select count(*)::int from carts where member_id = ${memberId}) as carts,
                 (select count(*)::int from sessions where member_id = ${memberId}) as sessions`,
    );
    expect(left).toEqual({ carts: 0, sessions: 0 });
    expect((await snapshot(t.db)).stock).toEqual(stockBefore);
    expect((await secondDevice.session()).member).toBeNull();
    expect((await client.get('/api/orders/')).status).toBe(401);
    const login = await new TestClient(t.app, '192.0.2.33').login(person.email, PASSWORD);
    expect(login.status).toBe(401);
    // The address is free: a new member may register with it, and sees none of the old orders.
    const again = new TestClient(t.app, '192.0.2.34');
    expect((await again.register(person.email, PASSWORD)).status).toBe(201);
    const history = (await (await again.get('/api/orders/')).json()) as { total: number };
    expect(history.total).toBe(0);
  });

  test('a member with an open reservation and an unshipped order is refused with the reasons, and nothing changes', async () => {
    const person = sapporoResident('staying');
    const { client, addressId, memberId } = await register(person, '192.0.2.35');
    const future = await insertProduct(t.db, { sellStartDate: '2027-03-01', canReserve: true });
    const reserved = await confirm(client, '/api/reserveshop/reserve/', {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId,
      card: { token: createSandboxToken({ outcome: 'ok' }) },
      items: [{ variationId: future.variationId, quantity: 1 }],
    });
    expect(reserved.status).toBe(201);
    const released = await insertProduct(t.db, { stock: 3 });
    await buy(client, addressId, released.variationId, 'credit_card');

    const blockers = [
      { code: 'unshipped_orders', message: '未発送の注文が1件あります。', count: 1 },
      { code: 'open_reservations', message: '予約中の注文が1件あります。', count: 1 },
    ];
    expect(await (await client.get('/api/user/delete/')).json()).toEqual({
      canWithdraw: false,
      blockers,
    });
    const before = await snapshot(t.db);
    const res = await client.post('/api/user/delete/', { password: PASSWORD });
    expect(res.status).toBe(409);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('withdrawal_blocked');
    expect(error.message).toBe(
      '未完了のご注文があるため退会できません。未発送の注文が1件あります。 予約中の注文が1件あります。',
    );
    expect(await snapshot(t.db)).toEqual(before);
    expect((await client.session()).member?.id).toBe(memberId);
    const [member] = await txRows<{ email: string | null; withdrawn: boolean }>(
      t.db.orm,
      sql`select email, withdrawn_at is not null as withdrawn from members where id = ${memberId}`,
    );
    expect(member).toEqual({ email: person.email, withdrawn: false });
    expect((await ordersOf(memberId))[0]?.address.lastName).toBe('泉谷');
  });
});
