import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { NEW_YORK_ADDRESS } from '../../test/support/accounts-app';
import {
  CHECKOUT,
  cardOrder,
  confirm,
  expectConfirmRefused,
  insertMember,
  insertProduct,
  ordersTestApp,
  snapshot,
} from '../../test/support/orders-app';
import { txRows } from '../db/tx';
import type { CheckoutQuote } from '../types';

// Overseas shipping (宅配便 abroad at its flat fee_for_global, docs/rules.md "Overseas
// addresses"): the address book takes an overseas address, the quote prices it, a card order
// to it confirms, and what the rules refuse abroad is refused with 422, writing nothing.

const t = ordersTestApp();

type OverseasMember = Awaited<ReturnType<typeof overseasMember>>;

async function overseasMember() {
  const member = await insertMember(t);
  const res = await member.client.post('/api/addressbook/overseas/', NEW_YORK_ADDRESS);
  expect(res.status).toBe(201);
  const { address } = (await res.json()) as { address: { id: number } };
  // 2 x 3,300 yen: 6,600 yen ships free in Japan, so a fee of 1,000 can only be the overseas one.
  const p = await insertProduct(t.db, { stock: 10, price: 3300 });
  await member.client.post('/api/cart/', { variationId: p.variationId, quantity: 2 });
  return { ...member, overseasId: address.id, variationId: p.variationId };
}

describe('overseas address book', () => {
  test('adds an overseas address in its canonical form and lists it beside Japanese ones', async () => {
    const { client } = await insertMember(t);
    const res = await client.post('/api/addressbook/overseas/', {
      ...NEW_YORK_ADDRESS,
      fullName: 'Ｔａｒｏ  Yamada',
      region: undefined,
    });
    expect(res.status).toBe(201);
    const { address } = (await res.json()) as { address: Record<string, unknown> };
    expect(address).toMatchObject({
      country: 'US',
      fullName: 'Taro Yamada',
      line1: '350 Fifth Avenue',
      region: '',
      phone: '+12125550100',
      prefecture: '',
      lastName: '',
      isDefault: false,
    });
    const list = (await (await client.get('/api/addressbook/')).json()) as {
      addresses: { country: string }[];
    };
    expect(list.addresses.map((a) => a.country)).toEqual(['JP', 'US']);
  });

  test('refuses Japanese script and a country outside the list with 400 and field codes', async () => {
    const { client } = await insertMember(t);
    const before = await snapshot(t.db);
    const res = await client.post('/api/addressbook/overseas/', {
      ...NEW_YORK_ADDRESS,
      country: 'JP',
      city: 'ニューヨーク',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: unknown[] } };
    expect(body.error.code).toBe('invalid_json');
    expect(body.error.details).toEqual([
      { path: 'country', code: 'invalid_country', message: '国・地域を選択してください' },
      { path: 'city', code: 'not_latin', message: '都市名は半角英数字で入力してください' },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
    const [count] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from shipping_addresses where country <> 'JP' and city = 'ニューヨーク'`,
    );
    expect(count?.n).toBe(0);
  });

  test('replacing a Japanese address by an overseas one empties the Japanese fields', async () => {
    const { client, addressId } = await insertMember(t);
    const res = await client.put(`/api/addressbook/${addressId}/overseas/`, NEW_YORK_ADDRESS);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { address: unknown }).address).toMatchObject({
      id: addressId,
      country: 'US',
      prefecture: '',
      street: '',
      lastNameKana: '',
      isDefault: true,
    });
  });
});

describe('overseas checkout', () => {
  test('the quote for an overseas address prices 宅配便 at 1,000 and offers only the card and points', async () => {
    const { client, overseasId } = await overseasMember();
    const res = await client.post(`${CHECKOUT}quote/`, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId: overseasId,
    });
    expect(res.status).toBe(200);
    const quote = (await res.json()) as CheckoutQuote;
    expect(quote.shippingMethods.map((m) => [m.typeName, m.available, m.fee])).toEqual([
      ['home_delivery', true, 1000],
      ['yu_packet', false, 0],
    ]);
    expect(quote.shippingMethods[1]?.reason?.code).toBe('shipping_not_available_overseas');
    expect(quote.paymentMethods.filter((m) => m.available).map((m) => m.typeName)).toEqual([
      'credit_card',
    ]);
    expect(quote.paymentMethods.find((m) => m.typeName === 'cash_on_delivery')?.reason).toEqual({
      code: 'payment_not_available_overseas',
      message: CHECKOUT_FAILURE_MESSAGES.payment_not_available_overseas,
    });
    expect(quote.totals).toMatchObject({ shippingFee: 1000, total: 6600 + 1000 });
    // The same cart to the Japanese default address ships free.
    const home = (await (
      await client.post(`${CHECKOUT}quote/`, { shippingMethod: 'home_delivery' })
    ).json()) as CheckoutQuote;
    expect(home.totals?.shippingFee).toBe(0);
  });

  test('a card order to an overseas address confirms with the overseas fee and the address frozen', async () => {
    const { client, overseasId } = await overseasMember();
    const res = await confirm(client, CHECKOUT, cardOrder('home_delivery', overseasId));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { orders: { id: number }[] };
    const orderId = body.orders[0]?.id;
    const [detail] = await txRows<{ shippingFee: number; address: Record<string, unknown> }>(
      t.db.orm,
      sql`select shipping_fee as "shippingFee", address from order_details where order_id = ${orderId ?? 0}`,
    );
    expect(detail?.shippingFee).toBe(1000);
    expect(detail?.address).toMatchObject({
      country: 'US',
      line1: '350 Fifth Avenue',
      city: 'New York',
    });
  });

  test.each([
    ['cash_on_delivery', 'home_delivery', 'payment_not_available_overseas'],
    ['bank_transfer', 'home_delivery', 'payment_not_available_overseas'],
    ['credit_card', 'yu_packet', 'shipping_not_available_overseas'],
  ] as const)(
    '%s by %s abroad is refused with 422 %s and writes nothing',
    async (payment, shipping, code) => {
      const { client, overseasId } = await overseasMember();
      const body =
        payment === 'credit_card'
          ? cardOrder(shipping, overseasId)
          : { shippingMethod: shipping, paymentMethod: payment, addressId: overseasId };
      await expectConfirmRefused(t, client, body, {
        code,
        message: CHECKOUT_FAILURE_MESSAGES[code],
      });
    },
  );
});

test('a delivery time slot abroad is refused with 422 and writes nothing', async () => {
  const { client, overseasId } = await overseasMember();
  await expectConfirmRefused(
    t,
    client,
    cardOrder('home_delivery', overseasId, { deliveryTimeSlot: 'morning' }),
    {
      code: 'time_slot_not_available',
      message: '海外へのお届けではお届け時間帯を指定できません。',
    },
  );
});

describe('overseas bundles', () => {
  async function orderTo(client: OverseasMember['client'], addressId: number, price: number) {
    const p = await insertProduct(t.db, { stock: 10, price });
    await client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
    const res = await confirm(client, CHECKOUT, cardOrder('home_delivery', addressId));
    expect(res.status).toBe(201);
    return ((await res.json()) as { orders: { id: number; shippingFee: number }[] }).orders[0];
  }

  test('two orders abroad bundle at the flat overseas fee, never a domestic free threshold', async () => {
    const m = await overseasMember();
    await m.client.request('DELETE', `/api/cart/${m.variationId}/`);
    const a = await orderTo(m.client, m.overseasId, 2000);
    const b = await orderTo(m.client, m.overseasId, 3200);
    expect([a?.shippingFee, b?.shippingFee]).toEqual([1000, 1000]);
    const preview = await m.client.post('/api/reserveshop/bundle/preview/', {
      orderIds: [a?.id, b?.id],
    });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      combinedSubtotal: 5200,
      separateShippingFee: 2000,
      bundledShippingFee: 1000,
      saving: 1000,
      freeShipping: false,
    });
  });

  test('an order abroad and one in Japan do not bundle', async () => {
    const m = await overseasMember();
    await m.client.request('DELETE', `/api/cart/${m.variationId}/`);
    const abroad = await orderTo(m.client, m.overseasId, 2000);
    const home = await orderTo(m.client, m.addressId, 3200);
    const res = await m.client.post('/api/reserveshop/bundle/preview/', {
      orderIds: [abroad?.id, home?.id],
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'bundle_destination_mismatch',
    );
  });
});
