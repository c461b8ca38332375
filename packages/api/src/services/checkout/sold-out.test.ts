import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  confirm,
  insertMember,
  insertProduct,
  type MemberFixture,
  numberOf,
  ordersTestApp,
  stockOf,
} from '../../../test/support/orders-app';
import type { Orm } from '../../db/client';
import { txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { ServiceError } from '../service-error';
import { confirmCheckout } from './confirm';

// The sold-out fast path (sold-out.ts): a confirm whose lines want more than is left is refused
// by the statement that looks its key up. These tests run on PGlite and, in the pg suite, on
// PostgreSQL, where the race for the last units runs on several pool connections.

const t = ordersTestApp({ poolSize: 8 });

const CHECKOUT = '/api/reserveshop/checkout/';
const RESERVE = '/api/reserveshop/reserve/';
const byTransfer = (addressId: number) => ({
  shippingMethod: 'home_delivery',
  paymentMethod: 'bank_transfer',
  addressId,
});

async function answer(res: Response): Promise<string> {
  const body = (await res.json()) as { error?: { code: string } };
  return `${res.status} ${body.error?.code ?? ''}`.trim();
}

async function setStock(variationId: number, stock: number) {
  await t.db.orm.execute(
    sql`update variations set stock_quantity = ${stock}, in_stock = ${stock > 0} where id = ${variationId}`,
  );
}

const ordersOf = (variationId: number) =>
  numberOf(
    t.db,
    sql`select count(distinct order_id)::int as n from order_items where variation_id = ${variationId}`,
  );

/** The app's deps with a count of the statements run outside transactions. */
function countingDeps(): { deps: AppDeps; statements: () => number } {
  let count = 0;
  const orm = new Proxy(t.db.orm, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (...args: Parameters<Orm['execute']>) => {
        count++;
        return target.execute(...args);
      };
    },
  });
  return { deps: { ...t.deps, db: { ...t.db, orm } }, statements: () => count };
}

async function memberWithCart(variationId: number, quantity = 1): Promise<MemberFixture> {
  const member = await insertMember(t);
  const res = await member.client.post('/api/cart/', { variationId, quantity });
  expect(res.status).toBeLessThan(300);
  return member;
}

describe('the sold-out fast path', () => {
  test('a cart wanting more than is left is refused 409 out_of_stock by one statement that writes nothing', async () => {
    const p = await insertProduct(t.db, { stock: 2 });
    const { memberId, addressId } = await memberWithCart(p.variationId, 2);
    await setStock(p.variationId, 1);
    const { deps, statements } = countingDeps();
    const key = crypto.randomUUID();
    const refusal = await confirmCheckout(deps, 'checkout', memberId, key, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).code).toBe('out_of_stock');
    // The full path reads the key, the cart, the member and the address before refusing.
    expect(statements()).toBe(1);
    const keys = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from checkouts where member_id = ${memberId}`,
    );
    expect(keys[0]?.n).toBe(0);
    expect(await stockOf(t.db, p.variationId)).toBe(1);
  });

  test('never refuses while the units asked for remain: the last unit and the last two are sold', async () => {
    const one = await insertProduct(t.db, { stock: 1 });
    const a = await memberWithCart(one.variationId, 1);
    expect(await answer(await confirm(a.client, CHECKOUT, byTransfer(a.addressId)))).toBe('201');
    const two = await insertProduct(t.db, { stock: 2 });
    const b = await memberWithCart(two.variationId, 2);
    expect(await answer(await confirm(b.client, CHECKOUT, byTransfer(b.addressId)))).toBe('201');
    expect(await stockOf(t.db, one.variationId)).toBe(0);
    expect(await stockOf(t.db, two.variationId)).toBe(0);
  });

  test('a restock re-opens the sale at once: the member refused a moment ago orders', async () => {
    const p = await insertProduct(t.db, { stock: 1 });
    const first = await memberWithCart(p.variationId);
    const second = await memberWithCart(p.variationId);
    expect(await answer(await confirm(first.client, CHECKOUT, byTransfer(first.addressId)))).toBe(
      '201',
    );
    const key = crypto.randomUUID();
    const body = byTransfer(second.addressId);
    expect(await answer(await confirm(second.client, CHECKOUT, body, key))).toBe(
      '409 out_of_stock',
    );
    await setStock(p.variationId, 1);
    // The same key runs again: the refusal wrote nothing, so the key is new.
    expect(await answer(await confirm(second.client, CHECKOUT, body, key))).toBe('201');
    expect(await ordersOf(p.variationId)).toBe(2);
  });

  test('a key that ordered replays its order after the sell-out, never out_of_stock', async () => {
    const p = await insertProduct(t.db, { stock: 1 });
    const m = await memberWithCart(p.variationId);
    const key = crypto.randomUUID();
    const first = await confirm(m.client, CHECKOUT, byTransfer(m.addressId), key);
    expect(first.status).toBe(201);
    const retry = await confirm(m.client, CHECKOUT, byTransfer(m.addressId), key);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    expect(await ordersOf(p.variationId)).toBe(1);
  });

  test('a reservation of more units than are left is refused; within the stock it is made', async () => {
    const p = await insertProduct(t.db, {
      stock: 2,
      canReserve: true,
      sellStartDate: '2027-03-01',
    });
    const m = await insertMember(t);
    const reserve = (quantity: number) =>
      confirm(m.client, RESERVE, {
        ...byTransfer(m.addressId),
        items: [{ variationId: p.variationId, quantity }],
      });
    const { deps, statements } = countingDeps();
    const refusal = await confirmCheckout(deps, 'reserve', m.memberId, crypto.randomUUID(), {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId: m.addressId,
      items: [{ variationId: p.variationId, quantity: 3 }],
    }).catch((error: unknown) => error);
    expect((refusal as ServiceError).code).toBe('out_of_stock');
    expect(statements()).toBe(1);
    expect(await answer(await reserve(2))).toBe('201');
    expect(await answer(await reserve(1))).toBe('409 out_of_stock');
  });

  test('the race for the last units: exactly STOCK orders, the rest out_of_stock, then only the fast path', async () => {
    const STOCK = 5;
    const p = await insertProduct(t.db, { stock: STOCK, benefitMax: 3 });
    const members = await Promise.all(
      Array.from({ length: 24 }, () => memberWithCart(p.variationId)),
    );
    const answers = await Promise.all(
      members.map(async (m) => answer(await confirm(m.client, CHECKOUT, byTransfer(m.addressId)))),
    );
    expect([...answers].sort()).toEqual([
      ...Array(STOCK).fill('201'),
      ...Array(members.length - STOCK).fill('409 out_of_stock'),
    ]);
    expect(await stockOf(t.db, p.variationId)).toBe(0);
    expect(await ordersOf(p.variationId)).toBe(STOCK);
    // After the sell-out every new confirm is refused before it claims a key.
    const late = members.filter((_, i) => answers[i] !== '201');
    const keysBefore = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from checkouts`,
    );
    const again = await Promise.all(
      late.map(async (m) => answer(await confirm(m.client, CHECKOUT, byTransfer(m.addressId)))),
    );
    expect(new Set(again)).toEqual(new Set(['409 out_of_stock']));
    const keysAfter = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from checkouts`,
    );
    expect(keysAfter[0]?.n).toBe(keysBefore[0]?.n);
  });
});
