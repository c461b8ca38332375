import { jstToday } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import sharp from 'sharp';
import { type AppDeps, createApp } from '../../src/app';
import { loadConfig } from '../../src/config/app';
import { signingKey, unsubscribeToken } from '../../src/notifications/unsubscribe';
import { DbSandboxStore } from '../../src/payments/sandbox/db-sandbox-store';
import { SandboxGateway } from '../../src/payments/sandbox/sandbox-gateway';
import { createSandboxToken } from '../../src/payments/sandbox/sandbox-token';
import { seedLegacyAccounts } from '../../src/services/legacy-seed';
import { ordersForWithdrawal } from '../../src/services/orders';
import { postponementCancelToken } from '../../src/services/postponement-cancel';
import { setupToken } from '../../src/staff/setup';
import { NEW_YORK_ADDRESS, TEST_PASSWORD_PARAMS, TestClient } from './accounts-app';
import { openTestShop, type TestShop } from './database';

// A request to every operation of the API, in the order a shopper and the shop's staff would
// make them, on the seeded test catalog: test/openapi.test.ts checks each answer against the
// OpenAPI document, and the examples of docs/api.md were taken from these exchanges.

export const EXAMPLE_OPERATOR_TOKEN = 'example-operator-token-0123456789abcdef';

/** One request and its answer. */
export interface Exchange {
  /** The documented operation: lower-case method and OpenAPI path, `post /api/cart/`. */
  operation: string;
  method: string;
  url: string;
  /** The headers the operation needs (the session cookie aside). */
  headers: Record<string, string>;
  body?: unknown;
  status: number;
  responseHeaders: Record<string, string>;
  /** The JSON answer, null for none (204), or the size of a binary answer. */
  answer: unknown;
}

/** The response headers worth showing in an example, and the ones every answer must carry. */
const SHOWN_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'set-cookie',
  'retry-after',
  'x-content-type-options',
  'x-frame-options',
  'content-security-policy',
  'referrer-policy',
];

/**
 * A TestClient (cookie, CSRF token, JSON bodies) that records every exchange and also takes the
 * CSRF token from each answer that carries one.
 */
export class ExampleClient extends TestClient {
  constructor(
    private readonly exampleApp: ReturnType<typeof createApp>,
    private readonly exchanges: Exchange[],
  ) {
    // The example shop trusts no proxy, so this forwarded address changes nothing.
    super(exampleApp, '192.0.2.1');
  }

  /**
   * Sends one request: `body` as JSON, or `raw` as a body of its own media type (a CSV file, an
   * image), recorded as `{ mediaType, bytes }`.
   */
  async send<T = unknown>(
    operation: string,
    url: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      raw?: { mediaType: string; data: string | Uint8Array };
    } = {},
  ): Promise<T> {
    const method = operation.split(' ')[0]?.toUpperCase() ?? 'GET';
    const headers = this.headersFor(method, options.headers);
    const { raw } = options;
    const res =
      raw === undefined
        ? await this.request(method, url, options.body, options.headers)
        : await this.exampleApp.request(url, {
            method,
            headers: { ...headers, 'x-forwarded-for': this.address, 'content-type': raw.mediaType },
            body: raw.data,
          });
    const recorded =
      raw === undefined
        ? options.body
        : {
            mediaType: raw.mediaType,
            bytes:
              typeof raw.data === 'string'
                ? new TextEncoder().encode(raw.data).length
                : raw.data.length,
          };
    const contentType = res.headers.get('content-type') ?? '';
    const answer = contentType.startsWith('application/json')
      ? await res.json()
      : res.status === 204
        ? null
        : { bytes: (await res.arrayBuffer()).byteLength };
    const token = (answer as { csrfToken?: unknown } | null)?.csrfToken;
    if (typeof token === 'string') this.csrfToken = token;
    const responseHeaders: Record<string, string> = {};
    for (const name of SHOWN_RESPONSE_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) responseHeaders[name] = value;
    }
    this.exchanges.push({
      operation,
      method,
      url,
      headers,
      ...(recorded === undefined ? {} : { body: recorded }),
      status: res.status,
      responseHeaders,
      answer,
    });
    return answer as T;
  }
}

export interface ExampleShop {
  shop: TestShop;
  /** The app with a card gateway, the orders side of withdrawal and an operator token. */
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The seeded test catalog (test/support/database.ts) with everything the orders side needs. */
export async function openExampleShop(): Promise<ExampleShop> {
  const base = loadConfig({});
  const shop = await openTestShop({
    config: {
      accounts: { ...base.accounts, password: TEST_PASSWORD_PARAMS },
      commerce: { ...base.commerce, operatorToken: EXAMPLE_OPERATOR_TOKEN },
    },
  });
  await seedLegacyAccounts(shop.db, TEST_PASSWORD_PARAMS);
  const deps: AppDeps = {
    ...shop.deps,
    payments: new SandboxGateway({ store: new DbSandboxStore(shop.db), now: shop.deps.now }),
    memberOrders: ordersForWithdrawal,
  };
  return { shop, app: createApp(deps), deps, close: () => shop.close() };
}

interface Variation {
  productId: number;
  slug: string;
  variationId: number;
}

/** Variations of the seeded catalog anyone may buy: on sale, priced, in stock, not adult-only. */
async function purchasable(shop: TestShop, reservation: boolean, count: number) {
  const today = jstToday(shop.deps.now());
  // A variation's own sell start is set only while its sale lies ahead; the product's is its
  // release day (docs/api.md, the demo catalog's dates), as the cart reads them.
  const release = sql`coalesce(v.sell_start_date, p.sell_start_date)`;
  const when = reservation
    ? sql`v.can_reserve and ${release} > ${today}`
    : sql`not v.can_reserve and ${release} <= ${today}`;
  const found = await shop.db.rows<Variation>(
    sql`select p.id as "productId", p.slug, v.id as "variationId"
        from variations v join products p on p.id = v.product_id
        where ${when} and v.unit_price is not null and v.in_stock and v.stock_quantity >= 10
          and not p.is_adult and p.disabled_before is null
          and p.release_date_precision = 'day'
        order by v.id limit ${count}`,
  );
  if (found.length < count) throw new Error('the test catalog lacks purchasable variations');
  return found;
}

/** A reservable variation of a new product whose price is not decided (価格未定). */
async function undecidedVariation(shop: TestShop, slug = 'kakaku-mitei-example'): Promise<number> {
  // The examples run more than once on one shop: the same variation keeps its Idempotency-Key's
  // request the same.
  const [existing] = await shop.db.rows<{ id: number }>(
    sql`select v.id from variations v join products p on p.id = v.product_id
        where p.slug = ${slug}`,
  );
  if (existing !== undefined) return existing.id;
  const [product] = await shop.db.rows<{ id: number }>(
    sql`insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
          sell_start_date, release_date_precision, reservation_type)
        values (${slug}, '価格未定の新刊', array['コミック'], 'comic', '/covers/x.png',
          '価格未定の新刊', '価格未定の新刊', '2027-06-01', 'month', 'UNRELEASED')
        returning id`,
  );
  const [variation] = await shop.db.rows<{ id: number }>(
    sql`insert into variations (product_id, name, unit_price, point_value, in_stock, stock_quantity,
          can_reserve, sell_start_date)
        values (${product?.id}, '通常版', null, 0, true, 50, true, '2027-06-01') returning id`,
  );
  if (variation === undefined) throw new Error('the 価格未定 example variation was not inserted');
  return variation.id;
}

const ADDRESS = {
  postalCode: '〒104-0061',
  prefecture: '東京都',
  city: '中央区',
  street: '銀座1-2-3',
  building: 'ギンザビル5F',
  lastName: '山田',
  firstName: '花子',
  lastNameKana: 'やまだ',
  firstNameKana: 'ハナコ',
  phone: '03-1234-5678',
  isDefault: true,
};

const OFFICE = {
  ...ADDRESS,
  postalCode: '530-0001',
  prefecture: '大阪府',
  city: '大阪市北区',
  street: '梅田1-1-1',
  building: '',
  isDefault: false,
};

const PASSWORD = 'correct horse battery';

/** A one-time sandbox card token (the storefront gets these from the gateway's script). */
const cardToken = (last4: string, nonce: string) =>
  createSandboxToken({ outcome: 'ok', last4, nonce });

/**
 * Makes a request to every operation (a few more than once) and records each exchange; only
 * ids the next steps need are read from the answers, the caller checks the rest.
 */
export async function runExamples(example: ExampleShop): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  const { app, shop } = example;
  const guest = new ExampleClient(app, exchanges);
  const member = new ExampleClient(app, exchanges);
  const operator = new ExampleClient(app, exchanges);
  const staff = { authorization: `Bearer ${EXAMPLE_OPERATOR_TOKEN}` };
  const [released, second, third] = await purchasable(shop, false, 3);
  const [reservable, another] = await purchasable(shop, true, 2);
  if (!released || !second || !third || !reservable || !another) throw new Error('unreachable');

  // ── catalog, media and builds, as a guest ──
  await guest.send('get /api/health/', '/api/health/');
  await guest.send('get /api/health/live/', '/api/health/live/');
  await guest.send('get /api/health/ready/', '/api/health/ready/');
  await guest.send('get /api/openapi.json', '/api/openapi.json');
  await guest.send('get /api/homedata/', '/api/homedata/');
  await guest.send('get /api/products/{slug}/', `/api/products/${released.slug}/`);
  await guest.send(
    'get /api/search/',
    `/api/search/?q=${encodeURIComponent('ぼっち')}&sort=relevance_score-desc`,
  );
  await guest.send('get /api/ranking/{type}/', '/api/ranking/daily/');
  await guest.send(
    'get /api/productlist/sale/{term}/',
    '/api/productlist/sale/week/?date=2026-11-20',
  );
  await guest.send('get /api/productlist/{type}/', '/api/productlist/delay/');
  await guest.send('get /api/news/', '/api/news/');
  await guest.send('get /api/news/{slug}/', '/api/news/n0001/');
  await guest.send('get /api/showcases/', '/api/showcases/');
  await guest.send('get /api/showcases/{slug}/', '/api/showcases/sc1/');
  await guest.send('get /api/gallery/', '/api/gallery/');
  await guest.send('get /api/gallery/{slug}/', '/api/gallery/g1/');
  await guest.send('get /api/series/{slug}/', '/api/series/ip1/');
  await guest.send('get /api/authors/{slug}/', '/api/authors/a1/');
  const cover = `/covers/${released.slug}_240.png`;
  await guest.send('get /_image', `/_image?url=${encodeURIComponent(cover)}&w=320&q=100&f=webp`);
  await guest.send('get /covers/{file}', cover);
  const build = await guest.send<{ id: string; timestamp: number }>(
    'get /_app/builds/latest.json',
    `/_app/builds/latest.json?t=${shop.deps.now().getTime()}`,
  );
  await guest.send('get /_app/builds/meta/{file}', `/_app/builds/meta/${build.id}.json`);

  // ── a shopper: guest session, registration, login ──
  await member.send('get /api/session/', '/api/session/');
  await member.send(
    'get /api/addressbook/postal-code/{code}/',
    '/api/addressbook/postal-code/1040061/',
  );
  const contact = await member.send<{ categories: string[] }>('get /api/contact/', '/api/contact/');
  await member.send('post /api/contact/', '/api/contact/', {
    body: {
      name: '問い合わせ 太郎',
      email: 'q@example.jp',
      category: contact.categories[0],
      body: '発送日を教えてください。',
    },
  });
  await member.send('get /api/cart/', '/api/cart/');
  await member.send('post /api/cart/', '/api/cart/', {
    body: { variationId: released.variationId, quantity: 1 },
  });
  await member.send('post /api/user/register/', '/api/user/register/', {
    body: {
      email: 'hanako@example.jp',
      password: PASSWORD,
      name: '山田 花子',
      birthDate: '1995-04-01',
    },
  });
  await member.send('post /api/session/logout/', '/api/session/logout/');
  await member.send('get /api/session/', '/api/session/');
  await member.send('post /api/session/login/', '/api/session/login/', {
    body: { email: 'hanako@example.jp', password: PASSWORD },
  });

  // ── addresses, cards, favourites, takeover ──
  await member.send('get /api/user/usershippingaddress/', '/api/user/usershippingaddress/');
  const home = await member.send<{ address: { id: number } }>(
    'put /api/user/usershippingaddress/',
    '/api/user/usershippingaddress/',
    { body: ADDRESS },
  );
  const office = await member.send<{ address: { id: number } }>(
    'post /api/addressbook/',
    '/api/addressbook/',
    { body: OFFICE },
  );
  await member.send('get /api/addressbook/', '/api/addressbook/');
  await member.send('get /api/addressbook/{id}/', `/api/addressbook/${office.address.id}/`);
  await member.send('put /api/addressbook/{id}/', `/api/addressbook/${office.address.id}/`, {
    body: { ...OFFICE, building: 'グランフロント北館7F' },
  });
  const abroad = await member.send<{ address: { id: number } }>(
    'post /api/addressbook/overseas/',
    '/api/addressbook/overseas/',
    { body: { ...NEW_YORK_ADDRESS, isDefault: false } },
  );
  await member.send(
    'put /api/addressbook/{id}/overseas/',
    `/api/addressbook/${abroad.address.id}/overseas/`,
    { body: { ...NEW_YORK_ADDRESS, line2: 'Suite 2000', isDefault: false } },
  );
  await member.send('delete /api/addressbook/{id}/', `/api/addressbook/${office.address.id}/`);
  const saved = await member.send<{ card: { id: number } }>(
    'post /api/gmo-multipay/creditcard/',
    '/api/gmo-multipay/creditcard/',
    { body: { token: cardToken('4242', 'example01') } },
  );
  const spare = await member.send<{ card: { id: number } }>(
    'post /api/gmo-multipay/creditcard/',
    '/api/gmo-multipay/creditcard/',
    { body: { token: cardToken('1881', 'example02') } },
  );
  await member.send('get /api/gmo-multipay/creditcard/', '/api/gmo-multipay/creditcard/');
  await member.send(
    'delete /api/gmo-multipay/creditcard/{id}/',
    `/api/gmo-multipay/creditcard/${spare.card.id}/`,
  );
  const favorite = { slug: released.slug };
  await member.send('post /api/favorites/{contentType}/', '/api/favorites/product/', {
    body: favorite,
  });
  await member.send('post /api/favorites/{contentType}/', '/api/favorites/product/', {
    body: favorite,
  });
  await member.send('get /api/favorites/{contentType}/', '/api/favorites/product/?page=1');
  await member.send(
    'get /api/favorites/{contentType}/{slug}/',
    `/api/favorites/product/${released.slug}/`,
  );
  await member.send(
    'delete /api/favorites/{contentType}/{slug}/',
    `/api/favorites/product/${released.slug}/`,
  );
  await member.send('get /api/takeover/usertakeover/', '/api/takeover/usertakeover/');
  await member.send('post /api/takeover/usertakeover/', '/api/takeover/usertakeover/', {
    body: { takeoverCode: 'TKOV-0001-DEMO' },
  });
  await member.send('get /api/takeover/orderhistory/', '/api/takeover/orderhistory/');

  // ── cart, checkout, reservation ──
  await member.send('get /api/cart/', '/api/cart/');
  await member.send('post /api/cart/', '/api/cart/', {
    body: { variationId: second.variationId, quantity: 1 },
  });
  await member.send('put /api/cart/{variationId}/', `/api/cart/${released.variationId}/`, {
    body: { quantity: 2 },
  });
  await member.send('delete /api/cart/{variationId}/', `/api/cart/${second.variationId}/`);
  const choice = { shippingMethod: 'home_delivery', paymentMethod: 'credit_card' };
  await member.send('post /api/reserveshop/checkout/quote/', '/api/reserveshop/checkout/quote/', {
    body: choice,
  });
  type Placed = { orders: { id: number }[] };
  const confirm = (kind: 'checkout' | 'reserve', body: Record<string, unknown>, key: string) =>
    member.send<Placed>(`post /api/reserveshop/${kind}/`, `/api/reserveshop/${kind}/`, {
      body: { ...choice, addressId: home.address.id, ...body },
      headers: { 'Idempotency-Key': key },
    });
  const first = await confirm(
    'checkout',
    { deliveryTimeSlot: 'morning', card: { savedCardId: saved.card.id } },
    '9b2f6c1e-3f7a-4d0e-9a51-2c8e7d4b1a60',
  );
  const items = [{ variationId: reservable.variationId, quantity: 1 }];
  await member.send('post /api/reserveshop/reserve/quote/', '/api/reserveshop/reserve/quote/', {
    body: { ...choice, items },
  });
  const reserved = await confirm(
    'reserve',
    { items, card: { token: cardToken('4242', 'example03') } },
    '0d7c5a3e-1b2f-4e6a-8c9d-4f3e2a1b0c5d',
  );
  await member.send('post /api/cart/', '/api/cart/', {
    body: { variationId: second.variationId, quantity: 1 },
  });
  const later = await confirm(
    'checkout',
    { card: { savedCardId: saved.card.id } },
    '5e8a1f2b-9c3d-4b7e-a6f0-1d2c3b4a5e6f',
  );
  await member.send('post /api/cart/', '/api/cart/', {
    body: { variationId: third.variationId, quantity: 1 },
  });
  const byTransfer = await confirm(
    'checkout',
    { paymentMethod: 'bank_transfer' },
    '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910',
  );
  const toCancel = await confirm(
    'reserve',
    {
      items: [{ variationId: another.variationId, quantity: 1 }],
      card: { token: cardToken('4242', 'example04') },
    },
    '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  );
  const id = (placed: Placed) => {
    const order = placed.orders[0];
    if (!order) throw new Error('a confirm placed no order');
    return order.id;
  };

  // ── bundled shipping ──
  const orderIds = [id(first), id(later)];
  await member.send('get /api/reserveshop/bundle/', '/api/reserveshop/bundle/');
  await member.send('post /api/reserveshop/bundle/preview/', '/api/reserveshop/bundle/preview/', {
    body: { orderIds },
  });
  const bundleKey = { 'Idempotency-Key': '3f1c9a2e-7b4d-4c8e-9f10-2a6b5c4d3e21' };
  const bundle = await member.send<{ id: number }>(
    'post /api/reserveshop/bundle/',
    '/api/reserveshop/bundle/',
    { body: { orderIds }, headers: bundleKey },
  );
  await member.send('post /api/reserveshop/bundle/', '/api/reserveshop/bundle/', {
    body: { orderIds },
    headers: bundleKey,
  });
  await member.send('get /api/reserveshop/bundle/{id}/', `/api/reserveshop/bundle/${bundle.id}/`);

  // ── order history ──
  await member.send('get /api/orders/', '/api/orders/?state=reserved&page=1');
  await member.send('get /api/orders/{id}/', `/api/orders/${id(reserved)}/`);
  await member.send('post /api/orders/{id}/cancel/', `/api/orders/${id(reserved)}/cancel/`);

  // ── the shop's staff ──
  await operator.send(
    'post /api/operator/orders/{id}/payment-received/',
    `/api/operator/orders/${id(byTransfer)}/payment-received/`,
    { headers: staff },
  );
  await operator.send(
    'post /api/operator/orders/{id}/ship/',
    `/api/operator/orders/${id(byTransfer)}/ship/`,
    { headers: staff, body: { carrier: 'yamato', trackingNumber: '1234-5678-9012' } },
  );
  await operator.send(
    'post /api/operator/bundles/{id}/ship/',
    `/api/operator/bundles/${bundle.id}/ship/`,
    { headers: staff, body: { carrier: 'sagawa', trackingNumber: '987654321098' } },
  );
  await operator.send(
    'post /api/operator/orders/{id}/cancel/',
    `/api/operator/orders/${id(toCancel)}/cancel/`,
    { headers: staff },
  );
  // A reservation of the title about to be postponed, still open when its date moves.
  await confirm(
    'reserve',
    { items, card: { token: cardToken('4242', 'example05') } },
    '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  );
  await operator.send(
    'post /api/operator/products/{id}/release-date/',
    `/api/operator/products/${reservable.productId}/release-date/`,
    { headers: staff, body: { releaseDate: '2027-05-01', reason: '作家都合' } },
  );
  // The holder opens the free cancellation link of the 発売延期のお知らせ just queued in a
  // browser where they are not logged in (a guest session, for its CSRF token).
  const [postponed] = await shop.db.rows<{ memberId: number; orderId: number }>(
    sql`select member_id as "memberId", (payload->'orderIds'->>0)::int as "orderId"
        from notification_outbox where kind = 'release_postponed' order by id limit 1`,
  );
  if (postponed === undefined) throw new Error('the release-date change queued no mail');
  const cancelLink = `/api/orders/reservation-cancel/?token=${postponementCancelToken(
    await signingKey(shop.db),
    postponed.memberId,
    postponed.orderId,
  )}`;
  const browser = new ExampleClient(app, exchanges);
  await browser.send('get /api/session/', '/api/session/');
  await browser.send('get /api/orders/reservation-cancel/', cancelLink);
  await browser.send('post /api/orders/reservation-cancel/', cancelLink);

  // ── notifications: a mail client's one-click unsubscribe, the operator's outbox ──
  const [recipient] = await shop.db.rows<{ id: number }>(
    sql`select member_id as id from notification_outbox where member_id is not null order by id limit 1`,
  );
  if (recipient === undefined) throw new Error('the checkouts above queued no mail');
  const token = unsubscribeToken(await signingKey(shop.db), recipient.id, 'restock');
  await guest.send(
    'get /api/notifications/unsubscribe/',
    `/api/notifications/unsubscribe/?token=${token}`,
  );
  await guest.send(
    'post /api/notifications/unsubscribe/',
    `/api/notifications/unsubscribe/?token=${token}`,
  );
  // A confirmation the relay refused eight times (the example shop sends no mail).
  const [dead] = await shop.db.rows<{ id: number }>(
    sql`update notification_outbox set state = 'dead', attempts = 8, last_error = 'EMESSAGE 451'
        where id = (select min(id) from notification_outbox) returning id::int as id`,
  );
  await operator.send('get /api/operator/notifications/', '/api/operator/notifications/', {
    headers: staff,
  });
  await operator.send(
    'post /api/operator/notifications/{id}/retry/',
    `/api/operator/notifications/${dead?.id}/retry/`,
    { headers: staff },
  );
  // The back office's outbox page: the same mail dead again, listed and retried.
  await shop.db.rows(
    sql`update notification_outbox set state = 'dead', attempts = 8 where id = ${dead?.id ?? 0}`,
  );
  await operator.send('get /api/admin/notifications/', '/api/admin/notifications/?limit=20', {
    headers: staff,
  });
  await operator.send(
    'post /api/admin/notifications/{id}/retry/',
    `/api/admin/notifications/${dead?.id}/retry/`,
    { headers: staff },
  );
  await operator.send('get /api/admin/jobs/', '/api/admin/jobs/', { headers: staff });

  // ── the account's mails: お知らせ, settings, e-mail change, password reset ──
  await member.send('get /api/user/notices/', '/api/user/notices/?page=1');
  await member.send('post /api/user/notices/read/', '/api/user/notices/read/');
  await member.send('get /api/user/notifications/', '/api/user/notifications/');
  await member.send('put /api/user/notifications/', '/api/user/notifications/', {
    body: { kind: 'restock', enabled: false },
  });
  /** The token of the newest link of this kind (the example shop sends no mail). */
  const mailedToken = async (kind: string) => {
    const [row] = await shop.db.rows<{ token: string }>(
      sql`select payload->>'token' as token from notification_outbox where kind = ${kind} order by id desc limit 1`,
    );
    if (row === undefined) throw new Error(`no ${kind} mail queued`);
    return row.token;
  };
  await member.send('post /api/user/email/', '/api/user/email/', {
    body: { password: PASSWORD, newEmail: 'hanako.new@example.jp' },
  });
  await member.send('post /api/user/email/confirm/', '/api/user/email/confirm/', {
    body: { token: await mailedToken('email_change') },
  });
  // A browser that forgot its password: a fresh page load gives it its CSRF token.
  const forgetful = new ExampleClient(app, exchanges);
  await forgetful.send('get /api/session/', '/api/session/');
  await forgetful.send('post /api/password-reset/', '/api/password-reset/', {
    body: { email: 'hanako.new@example.jp' },
  });
  const renewed = 'a brand new secret';
  await forgetful.send('post /api/password-reset/confirm/', '/api/password-reset/confirm/', {
    body: { token: await mailedToken('password_reset'), password: renewed },
  });
  // The reset ended every session: the member reloads and logs in with the new password.
  await member.send('get /api/session/', '/api/session/');
  await member.send('post /api/session/login/', '/api/session/login/', {
    body: { email: 'hanako.new@example.jp', password: renewed },
  });
  // ── 再入荷のお知らせ: a title sells out, the member asks to be told, the shop restocks it ──
  const stockPath = `/api/operator/variations/${third.variationId}/stock/`;
  await operator.send('post /api/operator/variations/{id}/stock/', stockPath, {
    headers: staff,
    body: { stock: 0 },
  });
  const restock = { body: { variationId: third.variationId } };
  await member.send('post /api/restock-requests/', '/api/restock-requests/', restock);
  await member.send(
    'delete /api/restock-requests/{id}/',
    `/api/restock-requests/${third.variationId}/`,
  );
  await member.send('post /api/restock-requests/', '/api/restock-requests/', restock);
  await member.send('get /api/restock-requests/', '/api/restock-requests/');
  await operator.send('post /api/operator/variations/{id}/stock/', stockPath, {
    headers: staff,
    body: { stock: 12 },
  });

  // ── 価格未定: the member reserves an item with no price, the shop decides it ──
  const undecided = await undecidedVariation(shop);
  const unpriced = await confirm(
    'reserve',
    {
      paymentMethod: 'bank_transfer',
      items: [{ variationId: undecided, quantity: 1 }],
    },
    '8d4e1f20-7b3c-4e59-a1d6-c2b7f3e8a905',
  );
  await operator.send(
    'post /api/operator/variations/{id}/price/',
    `/api/operator/variations/${undecided}/price/`,
    { headers: staff, body: { unitPrice: 1980, pointValue: 19 } },
  );
  // The member declines the price (free, within PRICE_DECISION_CANCEL_DAYS), so can withdraw.
  await member.send('post /api/orders/{id}/cancel/', `/api/orders/${id(unpriced)}/cancel/`);

  // ── the back office: content, the contact inbox and members (staff) ──
  await backOfficeExamples(operator, staff, (await member.session()).member?.id ?? 0, shop);
  // ── the back office's catalog: a product created, edited, restocked, given a cover, a CSV ──
  const admin = { headers: staff };
  const product = await operator.send<{ id: number; variations: { id: number }[] }>(
    'post /api/admin/products/',
    '/api/admin/products/',
    {
      ...admin,
      body: {
        title: '星降る図書館の魔導書 1',
        titleKana: 'ホシフルトショカンノマドウショ',
        categories: ['コミック'],
        genre: 'comic',
        seriesTitle: '星降る図書館',
        authorName: '藤宮しおり',
        authorKana: 'フジミヤシオリ',
        publisher: '架空書房',
        isbn: '978-4-00-063352-9',
        releaseDate: '2027-02-11',
        releaseDatePrecision: 'month_part',
        reservationType: 'UNRELEASED',
        variations: [{ name: '通常版', unitPrice: 770, pointValue: 7, stock: 30 }],
        benefits: [
          {
            title: '描き下ろしイラストカード',
            availableMaxNum: 100,
            distributed: true,
            expiryDate: null,
          },
        ],
      },
    },
  );
  await operator.send('get /api/admin/products/', '/api/admin/products/?q=魔導書&limit=1', admin);
  await operator.send('get /api/admin/products/{id}/', `/api/admin/products/${product.id}/`, admin);
  await operator.send('patch /api/admin/products/{id}/', `/api/admin/products/${product.id}/`, {
    ...admin,
    body: { description: '図書館に眠る魔導書をめぐる冒険。', isAdult: false },
  });
  const edition = await operator.send<{ variation: { id: number } }>(
    'post /api/admin/products/{id}/variations/',
    `/api/admin/products/${product.id}/variations/`,
    { ...admin, body: { name: '特装版', unitPrice: null, pointValue: 0, stock: 0 } },
  );
  await operator.send(
    'patch /api/admin/variations/{id}/',
    `/api/admin/variations/${edition.variation.id}/`,
    { ...admin, body: { stock: 5 } },
  );
  const coverPng = await sharp({
    create: { width: 400, height: 568, channels: 3, background: '#3050a0' },
  })
    .png()
    .toBuffer();
  await operator.send(
    'put /api/admin/products/{id}/cover/',
    `/api/admin/products/${product.id}/cover/`,
    { ...admin, raw: { mediaType: 'image/png', data: new Uint8Array(coverPng) } },
  );
  await operator.send('get /api/admin/products/export/', '/api/admin/products/export/', admin);
  await operator.send('post /api/admin/products/import/', '/api/admin/products/import/?dryRun=1', {
    ...admin,
    raw: {
      mediaType: 'text/csv',
      data: `product_id,jan,title,title_kana,categories,genre,series,series_kana,author,author_kana,circle,circle_kana,publisher,description,adult,sale_starts_at,release_date,release_precision,reservation_type,expected_restock_date,bonus,variation,price,points,stock\r\n,9784000633536,星降る図書館の魔導書 2,,コミック,comic,星降る図書館,,藤宮しおり,,,,架空書房,,0,,2027-05-01,month,UNRELEASED,,,通常版,770,7,30\r\n`,
    },
  });
  // ── the back office: the day's figures, the order list, one order, the bulk actions ──
  await member.send('post /api/cart/', '/api/cart/', {
    body: { variationId: released.variationId, quantity: 1 },
  });
  const toShip = id(
    await confirm(
      'checkout',
      { card: { savedCardId: saved.card.id } },
      'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
    ),
  );
  await operator.send('get /api/admin/dashboard/', '/api/admin/dashboard/', { headers: staff });
  await operator.send('get /api/admin/orders/', '/api/admin/orders/?state=preparing&limit=20', {
    headers: staff,
  });
  await operator.send('get /api/admin/orders/{id}/', `/api/admin/orders/${toShip}/`, {
    headers: staff,
  });
  await operator.send(
    'post /api/admin/orders/tracking-csv/',
    '/api/admin/orders/tracking-csv/?dryRun=1',
    {
      headers: staff,
      body: `order_number,carrier,tracking_number\r\n${toShip},ヤマト運輸,1234-5678-9012\r\n`,
    },
  );
  await operator.send('post /api/admin/orders/bulk/ship/', '/api/admin/orders/bulk/ship/', {
    headers: staff,
    body: {
      shipments: [{ orderId: toShip, carrier: 'yamato', trackingNumber: '1234-5678-9012' }],
    },
  });
  await operator.send(
    'post /api/admin/orders/bulk/payment-received/',
    '/api/admin/orders/bulk/payment-received/',
    { headers: staff, body: { orderIds: [id(byTransfer)] } },
  );
  await operator.send('post /api/admin/orders/bulk/cancel/', '/api/admin/orders/bulk/cancel/', {
    headers: staff,
    body: { orderIds: [id(toCancel)], reason: 'お客様のご都合' },
  });
  // ── the back office: 予約集計, a price decided, a release postponed ──
  await operator.send(
    'get /api/admin/reservations/summary/',
    '/api/admin/reservations/summary/?releaseFrom=2027-01-01&releaseTo=2027-12-31',
    { headers: staff },
  );
  const undecidedToo = await undecidedVariation(shop, 'kakaku-mitei-example-2');
  await operator.send(
    'post /api/admin/variations/{id}/price/',
    `/api/admin/variations/${undecidedToo}/price/`,
    { headers: staff, body: { unitPrice: 1650 } },
  );
  await operator.send(
    'post /api/admin/products/{id}/release-date/',
    `/api/admin/products/${reservable.productId}/release-date/`,
    { headers: staff, body: { releaseDate: '2027-06-01', precision: 'month', reason: '作家都合' } },
  );

  // ── points, then withdrawal ──
  await member.send('get /api/points/', '/api/points/');
  await member.send('get /api/user/delete/', '/api/user/delete/');
  await member.send('post /api/user/delete/', '/api/user/delete/', {
    body: { password: renewed },
  });
  await staffExamples(example, exchanges);
  return exchanges;
}

/**
 * The back office's content, contact inbox and members operations (docs/backoffice.md), by a
 * staff member: what they create is deleted again, so the examples can run twice on one shop.
 */
async function backOfficeExamples(
  staff: ExampleClient,
  headers: Record<string, string>,
  memberId: number,
  shop: TestShop,
) {
  const at = (days: number) =>
    new Date(shop.deps.now().getTime() + days * 86_400_000).toISOString();
  await staff.send('get /api/admin/news/', '/api/admin/news/?limit=2', { headers });
  const news = await staff.send<{ id: number }>('post /api/admin/news/', '/api/admin/news/', {
    headers,
    body: {
      slug: 'year-end-holidays',
      title: '年末年始の営業についてのお知らせ',
      category: 'お知らせ',
      body: '12月29日から1月3日までのご注文は、1月4日より順次発送いたします。',
      publishedAt: null,
    },
  });
  await staff.send('patch /api/admin/news/{id}/', `/api/admin/news/${news.id}/`, {
    headers,
    body: { publishedAt: '2026-12-01T10:00:00+09:00' },
  });
  await staff.send('delete /api/admin/news/{id}/', `/api/admin/news/${news.id}/`, { headers });

  const [product] = await shop.db.rows<{ id: number }>(
    sql`select id from products order by id limit 1`,
  );
  await staff.send('get /api/admin/showcases/', '/api/admin/showcases/?limit=1', { headers });
  const showcase = await staff.send<{ id: number }>(
    'post /api/admin/showcases/',
    '/api/admin/showcases/',
    {
      headers,
      body: {
        slug: 'winter-picks',
        title: '冬のおすすめ特集',
        description: 'スタッフが選んだ冬に読みたい作品です。',
        image: '/covers/showcase-winter-picks.png',
        startsAt: at(-1),
        endsAt: at(30),
        productIds: [product?.id],
      },
    },
  );
  await staff.send('patch /api/admin/showcases/{id}/', `/api/admin/showcases/${showcase.id}/`, {
    headers,
    body: { title: '冬に読みたい特集' },
  });
  await staff.send('put /api/admin/banners/', '/api/admin/banners/', {
    headers,
    body: { showcaseIds: [showcase.id] },
  });
  await staff.send('get /api/admin/banners/', '/api/admin/banners/', { headers });
  await staff.send('delete /api/admin/showcases/{id}/', `/api/admin/showcases/${showcase.id}/`, {
    headers,
  });

  await staff.send('get /api/admin/gallery/', '/api/admin/gallery/?limit=1', { headers });
  const entry = await staff.send<{ id: number }>(
    'post /api/admin/gallery/',
    '/api/admin/gallery/',
    {
      headers,
      body: {
        slug: 'signed-winter',
        title: 'サイン本 入荷のお知らせ',
        body: '先生に直筆サインをいただきました。',
        image: '/covers/gallery-signed-winter.png',
        authorId: null,
        productId: product?.id,
        publishedAt: at(0),
      },
    },
  );
  await staff.send('patch /api/admin/gallery/{id}/', `/api/admin/gallery/${entry.id}/`, {
    headers,
    body: { publishedAt: null },
  });
  await staff.send('delete /api/admin/gallery/{id}/', `/api/admin/gallery/${entry.id}/`, {
    headers,
  });

  const inbox = await staff.send<{ items: { id: number }[] }>(
    'get /api/admin/contacts/',
    '/api/admin/contacts/?status=new',
    { headers },
  );
  const [message] = inbox.items;
  if (message === undefined) throw new Error('the contact form example sent no message');
  await staff.send('patch /api/admin/contacts/{id}/', `/api/admin/contacts/${message.id}/`, {
    headers,
    body: { status: 'in_progress', note: '在庫を確認しています' },
  });

  await staff.send('get /api/admin/members/', '/api/admin/members/?q=example.jp&limit=2', {
    headers,
  });
  await staff.send('get /api/admin/members/{id}/', `/api/admin/members/${memberId}/`, { headers });
  await staff.send(
    'post /api/admin/members/{id}/points/',
    `/api/admin/members/${memberId}/points/`,
    { headers, body: { amount: 100, reason: '配送遅延のお詫び' } },
  );
  await staff.send(
    'post /api/admin/members/{id}/unlock/',
    `/api/admin/members/${memberId}/unlock/`,
    { headers },
  );
}

/**
 * The back office's staff (docs/backoffice.md): the first owner's setup and two-factor
 * enrolment, staff accounts, API tokens, the audit log, a new staff member's first login.
 */
async function staffExamples(example: ExampleShop, exchanges: Exchange[]) {
  const { app, shop } = example;
  const owner = new ExampleClient(app, exchanges);
  await owner.send('get /api/admin/setup/', '/api/admin/setup/');
  await owner.send('post /api/admin/setup/', '/api/admin/setup/', {
    body: {
      setupToken: await setupToken(shop.db),
      email: 'owner@example.jp',
      name: '店主 太郎',
      password: 'owner password 1',
    },
  });
  const { secret } = await owner.send<{ secret: string }>(
    'post /api/admin/me/totp/',
    '/api/admin/me/totp/',
  );
  const code = await generate({ secret, epoch: Math.floor(shop.deps.now().getTime() / 1000) });
  await owner.send('post /api/admin/me/totp/confirm/', '/api/admin/me/totp/confirm/', {
    body: { code },
  });
  await owner.send('get /api/admin/session/', '/api/admin/session/');
  const added = await owner.send<{ id: number }>('post /api/admin/staff/', '/api/admin/staff/', {
    body: {
      email: 'hanako@example.jp',
      name: '出荷 花子',
      role: 'staff',
      temporaryPassword: 'temporary pass 1',
    },
  });
  await owner.send('get /api/admin/staff/', '/api/admin/staff/');
  await owner.send('patch /api/admin/staff/{id}/', `/api/admin/staff/${added.id}/`, {
    body: { role: 'read_only' },
  });
  await owner.send('post /api/admin/staff/{id}/unlock/', `/api/admin/staff/${added.id}/unlock/`);
  const created = await owner.send<{ token: { id: number } }>(
    'post /api/admin/tokens/',
    '/api/admin/tokens/',
    { body: { name: '在庫同期スクリプト', role: 'staff' } },
  );
  await owner.send('get /api/admin/tokens/', '/api/admin/tokens/');
  await owner.send('delete /api/admin/tokens/{id}/', `/api/admin/tokens/${created.token.id}/`);
  await owner.send('get /api/admin/audit-log/', '/api/admin/audit-log/?targetType=staff&limit=2');
  await owner.send('post /api/admin/me/password/', '/api/admin/me/password/', {
    body: { currentPassword: 'owner password 1', newPassword: 'owner password 2' },
  });
  await owner.send('delete /api/admin/session/', '/api/admin/session/');
  // The new staff member's first login: the temporary password, no two-factor yet.
  const hanako = new ExampleClient(app, exchanges);
  await hanako.send('post /api/admin/session/', '/api/admin/session/', {
    body: { email: 'hanako@example.jp', password: 'temporary pass 1' },
  });
}
