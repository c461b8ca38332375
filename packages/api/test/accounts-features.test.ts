import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  favorites,
  members,
  savedCards,
  sessions,
  shippingAddresses,
} from '../src/db/schema/accounts';
import { authors, products, series } from '../src/db/schema/catalog';
import type { ErrorBody } from '../src/errors';
import { createSandboxToken } from '../src/payments/sandbox/sandbox-token';
import { seedDatabase } from '../src/seed/seed';
import type { ShippingAddressView } from '../src/services/addresses';
import type { SavedCardView } from '../src/services/cards';
import { FAVORITES_PAGE_SIZE, type FavoriteView } from '../src/services/favorites';
import { DEMO_LEGACY_ACCOUNTS, seedLegacyAccounts } from '../src/services/legacy-seed';
import type { LegacyOrderView, TakeoverStatus } from '../src/services/takeover';
import {
  accountsTestApp,
  BOT_TOKEN,
  CONTACT_MESSAGE,
  randomSuffix,
  readJson,
  TEST_PASSWORD_PARAMS,
  type TestClient,
} from './support/accounts-app';

const t = accountsTestApp();
beforeAll(async () => {
  await seedDatabase(t.deps.db, { products: 30, now: t.deps.now() });
  await seedLegacyAccounts(t.deps.db, TEST_PASSWORD_PARAMS);
}, 120_000);

async function member(): Promise<TestClient> {
  const client = t.client(`192.0.2.${Math.floor(Math.random() * 200) + 1}`);
  expect((await client.register(`m-${randomSuffix()}@example.jp`)).status).toBe(201);
  return client;
}

const address = {
  postalCode: '060-0000',
  prefecture: '北海道',
  city: '札幌市中央区',
  street: '北1条西2丁目',
  lastName: '佐藤',
  firstName: '花子',
  lastNameKana: 'サトウ',
  firstNameKana: 'ハナコ',
  phone: '011-123-4567',
};

describe('address book', () => {
  test('guests are refused with 401 before validation', async () => {
    const guest = t.client();
    await guest.session();
    const res = await guest.post('/api/addressbook/', { nonsense: true });
    expect(res.status).toBe(401);
    expect((await readJson<ErrorBody>(res)).error.code).toBe('login_required');
  });

  test('add, list, update, default handling and delete', async () => {
    const client = await member();
    const first = await readJson<{ address: ShippingAddressView }>(
      await client.post('/api/addressbook/', address),
    );
    expect(first.address).toMatchObject({
      isDefault: true,
      postalCode: '060-0000',
      phone: '0111234567',
    });
    const second = await client.post('/api/addressbook/', {
      ...address,
      building: 'サッポロタワー 10F',
      isDefault: true,
    });
    expect(second.status).toBe(201);
    const { addresses } = await readJson<{ addresses: ShippingAddressView[] }>(
      await client.get('/api/addressbook/'),
    );
    expect(addresses.map((a) => a.isDefault)).toEqual([true, false]);
    expect(addresses[0]?.building).toBe('サッポロタワー 10F');

    const usual = await readJson<{ address: ShippingAddressView }>(
      await client.get('/api/user/usershippingaddress/'),
    );
    expect(usual.address.building).toBe('サッポロタワー 10F');

    const put = await client.put(`/api/addressbook/${first.address.id}/`, {
      ...address,
      city: '札幌市北区',
      postalCode: '001-0010',
      isDefault: true,
    });
    expect(put.status).toBe(200);
    const defaults = await t.deps.db.orm
      .select()
      .from(shippingAddresses)
      .where(
        sql`${shippingAddresses.isDefault} and ${shippingAddresses.memberId} = (select member_id from shipping_addresses where id = ${first.address.id})`,
      );
    expect(defaults.map((d) => d.id)).toEqual([first.address.id]);

    expect((await client.delete(`/api/addressbook/${first.address.id}/`)).status).toBe(204);
    const after = await readJson<{ addresses: ShippingAddressView[] }>(
      await client.get('/api/addressbook/'),
    );
    expect(after.addresses).toHaveLength(1);
    expect(after.addresses[0]?.isDefault).toBe(true);
  });

  test("another member's address is not found", async () => {
    const owner = await member();
    const created = await readJson<{ address: ShippingAddressView }>(
      await owner.post('/api/addressbook/', address),
    );
    const other = await member();
    expect((await other.get(`/api/addressbook/${created.address.id}/`)).status).toBe(404);
    expect((await other.delete(`/api/addressbook/${created.address.id}/`)).status).toBe(404);
    expect((await owner.get(`/api/addressbook/${created.address.id}/`)).status).toBe(200);
  });

  test('a postal code of another prefecture is refused with a Japanese reason and nothing stored', async () => {
    const client = await member();
    const res = await client.post('/api/addressbook/', { ...address, prefecture: '沖縄県' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('北海道の番号です');
    expect(
      (await readJson<{ addresses: unknown[] }>(await client.get('/api/addressbook/'))).addresses,
    ).toEqual([]);
  });

  test('usershippingaddress PUT creates then replaces the default address', async () => {
    const client = await member();
    expect(
      (await readJson<{ address: null }>(await client.get('/api/user/usershippingaddress/')))
        .address,
    ).toBeNull();
    await client.put('/api/user/usershippingaddress/', address);
    await client.put('/api/user/usershippingaddress/', { ...address, street: '北2条西3丁目' });
    const { addresses } = await readJson<{ addresses: ShippingAddressView[] }>(
      await client.get('/api/addressbook/'),
    );
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({ street: '北2条西3丁目', isDefault: true });
  });

  test('postal-code lookup fills the address offline, for guests too', async () => {
    const res = await t.app.request('/api/addressbook/postal-code/1040061/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      areas: [{ postalCode: '104-0061', prefecture: '東京都', city: '中央区', town: '銀座' }],
    });
    expect((await t.app.request('/api/addressbook/postal-code/0000000/')).status).toBe(404);
    expect((await t.app.request('/api/addressbook/postal-code/12-345/')).status).toBe(400);
  });
});

describe('saved cards', () => {
  test('registers from a token and stores only brand, last four and expiry', async () => {
    const client = await member();
    const token = createSandboxToken({
      outcome: 'ok',
      brand: 'JCB',
      last4: '1234',
      expire: '3012',
    });
    const res = await client.post('/api/gmo-multipay/creditcard/', { token });
    expect(res.status).toBe(201);
    const { card } = await readJson<{ card: SavedCardView }>(res);
    expect(card).toMatchObject({ brand: 'JCB', last4: '1234', expire: '3012' });
    const [row] = await t.deps.db.orm.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'brand',
      'cardSeq',
      'createdAt',
      'expire',
      'id',
      'last4',
      'memberId',
    ]);
    const list = await readJson<{ cards: SavedCardView[] }>(
      await client.get('/api/gmo-multipay/creditcard/'),
    );
    expect(list.cards).toEqual([card]);
    expect((await client.delete(`/api/gmo-multipay/creditcard/${card.id}/`)).status).toBe(204);
    expect(
      (await readJson<{ cards: unknown[] }>(await client.get('/api/gmo-multipay/creditcard/')))
        .cards,
    ).toEqual([]);
  });

  test('a card number instead of a token is refused, not stored and not echoed', async () => {
    const client = await member();
    const res = await client.post('/api/gmo-multipay/creditcard/', {
      token: '4111 1111 1111 1111',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain('4111');
    const extra = await client.post('/api/gmo-multipay/creditcard/', {
      token: createSandboxToken({ outcome: 'ok' }),
      cardNumber: '4111111111111111',
      securityCode: '123',
    });
    expect(extra.status).toBe(400);
    expect(await extra.text()).not.toContain('4111111111111111');
    const [n] = await t.deps.db.orm.select({ n: count() }).from(savedCards);
    const dump = await t.deps.db.rows<{ row: string }>(
      sql`select row_to_json(s)::text as row from saved_cards s`,
    );
    expect(dump.map((d) => d.row).join('\n')).not.toMatch(/\d{13,19}/);
    expect(n?.n).toBe(dump.length);
  });

  test('a declined card and a used token answer 400 with Japanese messages', async () => {
    const client = await member();
    const declined = await client.post('/api/gmo-multipay/creditcard/', {
      token: createSandboxToken({ outcome: 'decline' }),
    });
    expect(declined.status).toBe(400);
    expect((await readJson<ErrorBody>(declined)).error.code).toBe('card_declined');
    const token = createSandboxToken({ outcome: 'ok' });
    expect((await client.post('/api/gmo-multipay/creditcard/', { token })).status).toBe(201);
    const reused = await client.post('/api/gmo-multipay/creditcard/', { token });
    expect((await readJson<ErrorBody>(reused)).error.code).toBe('invalid_card_token');
  });
});

describe('favourites', () => {
  test('add, check, list and remove a product, a series and an author', async () => {
    const client = await member();
    const [product] = await t.deps.db.orm
      .select({ slug: products.slug, title: products.title })
      .from(products)
      .limit(1);
    const [oneSeries] = await t.deps.db.orm
      .select({ slug: series.slug, title: series.title })
      .from(series)
      .limit(1);
    const [author] = await t.deps.db.orm
      .select({ slug: authors.slug, name: authors.name })
      .from(authors)
      .limit(1);
    if (!product || !oneSeries || !author) throw new Error('seed produced no catalog');

    for (const [type, slug] of [
      ['product', product.slug],
      ['intellectualproperty', oneSeries.slug],
      ['author', author.slug],
    ] as const) {
      expect((await client.post(`/api/favorites/${type}/`, { slug })).status).toBe(201);
      expect((await client.post(`/api/favorites/${type}/`, { slug })).status).toBe(200);
      expect(await (await client.get(`/api/favorites/${type}/${slug}/`)).json()).toMatchObject({
        favorite: true,
      });
    }
    const list = await readJson<{ total: number; items: FavoriteView[] }>(
      await client.get('/api/favorites/product/'),
    );
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      slug: product.slug,
      title: product.title,
      contentType: 'product',
    });
    const authorsList = await readJson<{ items: FavoriteView[] }>(
      await client.get('/api/favorites/author/'),
    );
    expect(authorsList.items[0]?.title).toBe(author.name);

    expect((await client.delete(`/api/favorites/product/${product.slug}/`)).status).toBe(204);
    expect((await client.delete(`/api/favorites/product/${product.slug}/`)).status).toBe(404);
    expect(
      (await readJson<{ total: number }>(await client.get('/api/favorites/product/'))).total,
    ).toBe(0);
  });

  test('says how many favourites a page holds, and its pages hold that many', async () => {
    const client = await member();
    const { member: me } = await readJson<{ member: { id: number } }>(
      await client.get('/api/session/'),
    );
    // One favourite more than a page holds: authors enough, each added a second apart.
    const known = await t.deps.db.orm.select({ id: authors.id }).from(authors);
    const extra = Math.max(0, FAVORITES_PAGE_SIZE + 1 - known.length);
    const added = extra
      ? await t.deps.db.orm
          .insert(authors)
          .values(
            Array.from({ length: extra }, (_, i) => ({
              slug: `paging-${randomSuffix()}-${i}`,
              name: `頁送 ${i}`,
              nameKana: `ページオクリ ${i}`,
              kind: 'author' as const,
            })),
          )
          .returning({ id: authors.id })
      : [];
    const targets = [...known, ...added];
    await t.deps.db.orm.insert(favorites).values(
      targets.map((a, i) => ({
        memberId: me.id,
        contentType: 'author' as const,
        targetId: a.id,
        createdAt: new Date(Date.UTC(2026, 10, 1) + i * 1000),
      })),
    );
    type Page = { total: number; page: number; pageSize: number; items: FavoriteView[] };
    const first = await readJson<Page>(await client.get('/api/favorites/author/'));
    const second = await readJson<Page>(await client.get('/api/favorites/author/?page=2'));
    expect(first).toMatchObject({ total: targets.length, page: 1, pageSize: FAVORITES_PAGE_SIZE });
    expect(second).toMatchObject({ total: targets.length, page: 2, pageSize: first.pageSize });
    expect(first.items).toHaveLength(first.pageSize);
    expect(second.items).toHaveLength(Math.min(first.pageSize, targets.length - first.pageSize));
    expect(new Set([...first.items, ...second.items].map((f) => f.slug)).size).toBe(
      first.items.length + second.items.length,
    );
  });

  test('unknown targets and content types are refused', async () => {
    const client = await member();
    expect((await client.post('/api/favorites/product/', { slug: 'no-such-product' })).status).toBe(
      404,
    );
    expect((await client.get('/api/favorites/magazine/')).status).toBe(400);
  });
});

describe('takeover', () => {
  const [first, second] = DEMO_LEGACY_ACCOUNTS;

  test('links a legacy account by e-mail and password once, then shows its orders', async () => {
    const client = await member();
    expect((await client.get('/api/takeover/orderhistory/')).status).toBe(404);
    const res = await client.post('/api/takeover/usertakeover/', {
      email: first.email,
      password: first.password,
    });
    expect(res.status).toBe(200);
    expect(await readJson<TakeoverStatus>(res)).toMatchObject({
      linked: true,
      legacyEmail: 'le*****@example.jp',
    });
    const history = await readJson<{ orders: LegacyOrderView[] }>(
      await client.get('/api/takeover/orderhistory/'),
    );
    expect(history.orders.length).toBeGreaterThan(0);
    expect(history.orders[0]?.items[0]?.title).toBeTruthy();

    const again = await client.post('/api/takeover/usertakeover/', {
      takeoverCode: second.takeoverCode,
    });
    expect(again.status).toBe(409);
    expect((await readJson<ErrorBody>(again)).error.code).toBe('takeover_already_done');

    const other = await member();
    const stolen = await other.post('/api/takeover/usertakeover/', {
      email: first.email,
      password: first.password,
    });
    expect((await readJson<ErrorBody>(stolen)).error.code).toBe('takeover_account_used');
  });

  test('links by takeover code, in any case and width', async () => {
    const client = await member();
    const res = await client.post('/api/takeover/usertakeover/', {
      takeoverCode: second.takeoverCode.toLowerCase().replace(/-/g, '－'),
    });
    expect(res.status).toBe(200);
  });

  test('two members racing for one legacy account: exactly one wins', async () => {
    const [a, b] = [await member(), await member()];
    const third = DEMO_LEGACY_ACCOUNTS[2];
    const results = await Promise.all(
      [a, b].map((c) =>
        c.post('/api/takeover/usertakeover/', { takeoverCode: third.takeoverCode }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  test('wrong credentials answer 401 and lock after 5 attempts', async () => {
    const client = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await client.post('/api/takeover/usertakeover/', { takeoverCode: `WRONGCODE${i}0000` }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('withdrawal', () => {
  test('is refused with the reasons while orders are open, and nothing changes', async () => {
    const client = await member();
    const me = (await client.session()).member;
    if (!me) throw new Error('not logged in');
    t.deps.memberOrders.blockers.set(me.id, [
      { code: 'open_reservations', message: '予約中のご注文が1件あります。', count: 1 },
    ]);
    const check = await client.get('/api/user/delete/');
    expect(await check.json()).toMatchObject({ canWithdraw: false });
    const res = await client.post('/api/user/delete/', { password: 'correct horse battery' });
    expect(res.status).toBe(409);
    const body = await readJson<ErrorBody>(res);
    expect(body.error.code).toBe('withdrawal_blocked');
    expect(body.error.message).toContain('予約中のご注文が1件あります。');
    expect((await client.session()).member?.id).toBe(me.id);
    t.deps.memberOrders.blockers.delete(me.id);
  });

  test('a wrong password is refused', async () => {
    const client = await member();
    expect((await client.post('/api/user/delete/', { password: 'wrong password!' })).status).toBe(
      401,
    );
  });

  test('erases personal data, revokes every session and frees the e-mail address', async () => {
    const email = `leaving-${randomSuffix()}@example.jp`;
    const client = t.client();
    await client.register(email);
    const secondDevice = t.client();
    await secondDevice.login(email, 'correct horse battery');
    await client.post('/api/addressbook/', address);
    await client.post('/api/gmo-multipay/creditcard/', {
      token: createSandboxToken({ outcome: 'ok' }),
    });
    const me = (await client.session()).member;
    if (!me) throw new Error('not logged in');

    const res = await client.post('/api/user/delete/', { password: 'correct horse battery' });
    expect(res.status).toBe(200);
    expect(t.deps.memberOrders.erased).toContain(me.id);

    const [row] = await t.deps.db.orm.select().from(members).where(eq(members.id, me.id));
    expect(row).toMatchObject({ email: null, passwordHash: null, name: '', birthDate: null });
    expect(row?.withdrawnAt).toBeInstanceOf(Date);
    for (const table of [shippingAddresses, savedCards, sessions]) {
      const left = await t.deps.db.orm
        .select({ n: count() })
        .from(table)
        .where(eq(table.memberId, me.id));
      expect(left[0]?.n).toBe(0);
    }
    expect((await secondDevice.session()).member).toBeNull();
    expect((await t.client().login(email, 'correct horse battery')).status).toBe(401);
    expect((await t.client().register(email)).status).toBe(201);
  });
});

describe('contact form', () => {
  test('tells the storefront the bot-check site key', async () => {
    expect(await (await t.app.request('/api/contact/')).json()).toMatchObject({
      botCheck: { enabled: true, siteKey: 'test-site-key' },
    });
  });

  test('stores a message only when the bot check passes', async () => {
    const guest = t.client('192.0.2.250');
    await guest.session();
    const message = { ...CONTACT_MESSAGE, body: '発送日を教えてください。\n注文番号: 123' };
    const refused = await guest.post('/api/contact/', { ...message, botToken: 'robot' });
    expect(refused.status).toBe(400);
    expect((await readJson<ErrorBody>(refused)).error.code).toBe('bot_check_failed');
    const sent = await guest.post('/api/contact/', message);
    expect(sent.status).toBe(201);
    expect(t.botCheck.calls.at(-1)).toEqual({ token: BOT_TOKEN, remoteAddress: '192.0.2.250' });
  });
});
