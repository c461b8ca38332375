import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { describe, expect, test } from 'vitest';
import {
  CHECKOUT,
  cardOrder,
  confirm,
  expectConfirmRefused,
  insertMember,
  insertProduct,
  ordersTestApp,
} from '../../test/support/orders-app';
import type { CheckoutQuote } from '../types';

// ゆうパケット takes a parcel up to 3 cm and 1 kg (@shop/rules parcelFit): the quote offers it
// as unavailable with the reason, and a confirm is refused before anything is written.

const t = ordersTestApp();

async function cartOf(categories: string[], quantity: number) {
  const member = await insertMember(t);
  const p = await insertProduct(t.db, { categories, stock: 50, price: 3300 });
  await member.client.post('/api/cart/', { variationId: p.variationId, quantity });
  return member;
}

const yuPacketOf = (quote: CheckoutQuote) =>
  quote.shippingMethods.find((m) => m.typeName === 'yu_packet');

describe('ゆうパケット parcel limit', () => {
  test('the quote refuses ゆうパケット for 30 art books with the reason, and keeps 宅配便', async () => {
    const { client } = await cartOf(['画集'], 30);
    const res = await client.post(`${CHECKOUT}quote/`, {
      shippingMethod: 'yu_packet',
      paymentMethod: 'credit_card',
    });
    expect(res.status).toBe(200);
    const quote = (await res.json()) as CheckoutQuote;
    expect(yuPacketOf(quote)).toMatchObject({
      available: false,
      reason: { code: 'parcel_too_large', message: CHECKOUT_FAILURE_MESSAGES.parcel_too_large },
    });
    expect(quote.shippingMethods.find((m) => m.typeName === 'home_delivery')?.available).toBe(true);
    expect(quote.problem?.code).toBe('parcel_too_large');
  });

  test('two comics fit ゆうパケット (30 mm, 400 g)', async () => {
    const { client } = await cartOf(['コミック'], 2);
    const quote = (await (
      await client.post(`${CHECKOUT}quote/`, { shippingMethod: 'yu_packet' })
    ).json()) as CheckoutQuote;
    expect(yuPacketOf(quote)).toMatchObject({ available: true, reason: null });
    expect(quote.problem).toBeNull();
  });

  test('a confirm by ゆうパケット for 3 comics is refused with 422 and writes nothing', async () => {
    const { client, addressId } = await cartOf(['コミック'], 3);
    await expectConfirmRefused(t, client, cardOrder('yu_packet', addressId), {
      code: 'parcel_too_large',
      message: CHECKOUT_FAILURE_MESSAGES.parcel_too_large,
    });
    const byHome = await confirm(client, CHECKOUT, cardOrder('home_delivery', addressId));
    expect(byHome.status).toBe(201);
  });
});
