import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../src/app';
import { PUBLIC_CATALOG_CACHE } from '../src/middleware/cache-policy';
import { COMPRESSION_THRESHOLD } from '../src/middleware/compression';
import { createLogger } from '../src/observability/logger';
import { ShopMetrics } from '../src/observability/metrics';
import { TestClient } from './support/accounts-app';
import {
  confirm,
  createOrdersTestApp,
  insertMember,
  insertProduct,
  type OrdersTestApp,
  type ProductFixture,
} from './support/orders-app';

// Issue 15: no request id, no access log, no metrics, uncompressed JSON, and no answer a CDN may
// keep. This drives an app with the server's logger (its lines captured) and its own metrics,
// in process and through a listening Node server, as `pnpm start` serves it.

const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123';

let t: OrdersTestApp;
let app: ReturnType<typeof createApp>;
let metrics: ShopMetrics;
let product: ProductFixture;
const written: string[] = [];
let server: ServerType;
let origin: string;

/** The log lines written since `from` (an index into `written`), parsed. */
const linesSince = (from: number) =>
  written.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  t = await createOrdersTestApp();
  metrics = new ShopMetrics();
  const config = {
    ...t.deps.config,
    metrics: { path: '/metrics', token: METRICS_TOKEN },
    accounts: { ...t.deps.config.accounts, trustProxy: { kind: 'hops', hops: 1 } as const },
  };
  const logger = createLogger({ destination: { write: (line: string) => written.push(line) } });
  app = createApp({ ...t.deps, config, logger, metrics });
  // A page behind the API, as the storefront is mounted in server/main.ts.
  app.get('/page', (c) => c.html(`<!doctype html><p>${'本'.repeat(2000)}</p>`));
  app.get('/tiny', (c) => c.html('<p>小</p>'));
  product = await insertProduct(t.db, { stock: 5, price: 1100, title: '圧縮の本' });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await t?.close();
});

describe('request id', () => {
  test('a well-formed X-Request-Id from the proxy is kept, logged and returned', async () => {
    const from = written.length;
    const id = '3f2a9c0b7d6e4f1a8b5c2d9e0f1a2b3c';
    const res = await app.request('/api/health/', { headers: { 'x-request-id': id } });
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(linesSince(from)).toContainEqual(expect.objectContaining({ requestId: id }));
  });

  test('a malformed or missing one is replaced by a new UUID, different per request', async () => {
    const ids: string[] = [];
    for (const offered of [
      undefined,
      'x',
      'a b c d e f g h',
      'shopper@example.jp',
      'é'.repeat(20),
    ]) {
      const headers: Record<string, string> =
        offered === undefined ? {} : { 'x-request-id': offered };
      const res = await app.request('/api/health/', { headers });
      ids.push(res.headers.get('x-request-id') ?? '');
    }
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('every kind of answer carries it: JSON, an error, a refused state change, a page', async () => {
    const answers = [
      await app.request(`/api/products/${product.slug}/`),
      await app.request('/api/nowhere/'),
      await app.request('/api/cart/', {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      }),
      await app.request('/page'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 403, 200]);
    for (const res of answers) expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('access log', () => {
  test('one JSON line per request: method, path, route pattern, status, duration, bytes, client, id', async () => {
    const from = written.length;
    const res = await fetch(`${origin}/api/products/${product.slug}/?utm_source=mail`, {
      headers: { 'x-forwarded-for': '203.0.113.9', 'accept-encoding': 'identity' },
    });
    const body = await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = linesSince(from).filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(1);
    const line = lines[0] as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: `/api/products/${product.slug}/`,
      route: '/api/products/:slug/',
      status: 200,
      client: '203.0.113.9',
      requestId: res.headers.get('x-request-id'),
    });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(line.durationMs).toBeGreaterThan(0);
    // Written to the connection: the body and the status line and headers before it.
    expect(line.bytes).toBeGreaterThan(body.byteLength);
    expect(line.bytes).toBeLessThan(body.byteLength + 2000);
  });

  test('never a query value, an e-mail address, a cookie or an Authorization header', async () => {
    const from = written.length;
    const email = 'taro.yamada@example.jp';
    const cookie = 'sid=AAAAAAAAAAAAAAAAAAAAAA';
    const res = await app.request(
      `/api/search/?q=${encodeURIComponent('秘密の検索語')}&email=${encodeURIComponent(email)}`,
      { headers: { cookie, authorization: 'Bearer very-secret-token-value' } },
    );
    await res.arrayBuffer();
    await app.request(`/api/products/${encodeURIComponent(email)}/`);
    const text = written.slice(from).join('');
    expect(linesSince(from).filter((line) => line.msg === 'request')).toHaveLength(2);
    for (const secret of [
      '秘密',
      encodeURIComponent('秘密の検索語'),
      email,
      encodeURIComponent(email),
      'AAAAAAAAAAAAAAAAAAAAAA',
      'very-secret',
      'q=',
      'Bearer',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[e-mail]');
  });
});

describe('metrics', () => {
  test('count requests by route pattern and status, with latency buckets and requests in flight', async () => {
    for (let i = 0; i < 3; i++)
      await (await app.request(`/api/products/${product.slug}/`)).arrayBuffer();
    await app.request('/api/products/no-such-book/');
    const res = await app.request('/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:slug\/",status="200"\} ([3-9]|\d\d)/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:slug\/",status="404"\} \d/,
    );
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005"');
    // The requested paths are no label: the slug never appears, however many products are asked.
    expect(text).not.toContain(product.slug);
    expect(text).not.toContain('no-such-book');
    expect(text).toMatch(/^http_requests_in_flight 1$/m);
    expect(text).toMatch(/^shop_gate_queue_depth\{gate="password"\} 0$/m);
    // The password gate is the process's (src/auth/password.ts): its count of refusals is
    // whatever earlier tests in this process left, a number all the same.
    expect(text).toMatch(/^shop_gate_refusals_total\{gate="password"\} \d+$/m);
    // The pool of a PostgreSQL server (CI runs this file on both); the embedded database has none.
    if (t.db.kind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
    } else {
      expect(text).not.toMatch(/^db_pool_connections\{/m);
    }
  });

  test('count checkouts: confirmed, replayed, refused by reason', async () => {
    const { client, addressId } = await insertMember(t);
    const member = new TestClient(app, client.address);
    member.cookie = client.cookie;
    member.csrfToken = client.csrfToken;
    await member.post('/api/cart/', { variationId: product.variationId, quantity: 1 });
    const body = { shippingMethod: 'home_delivery', paymentMethod: 'bank_transfer', addressId };
    const key = crypto.randomUUID();
    expect((await confirm(member, '/api/reserveshop/checkout/', body, key)).status).toBe(201);
    expect((await confirm(member, '/api/reserveshop/checkout/', body, key)).status).toBe(201);
    const refused = await confirm(member, '/api/reserveshop/checkout/', body);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const { error } = (await refused.json()) as { error: { code: string } };
    const text = await (
      await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(text).toContain('shop_checkouts_total{kind="checkout",outcome="confirmed",reason=""} 1');
    expect(text).toContain('shop_checkouts_total{kind="checkout",outcome="replayed",reason=""} 1');
    expect(text).toContain(
      `shop_checkouts_total{kind="checkout",outcome="refused",reason="${error.code}"} 1`,
    );
  });

  test('are refused (404) without the token, with a wrong one, and through a proxy', async () => {
    const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await app.request('/metrics', {}, loopback)).status).toBe(404);
    expect(
      (await app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(404);
  });

  test('without METRICS_TOKEN, only a direct connection from the same host may read them', async () => {
    const open = createApp({ ...t.deps, metrics: new ShopMetrics() });
    const peer = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
    expect((await open.request('/metrics', {}, peer('127.0.0.1'))).status).toBe(200);
    expect((await open.request('/metrics', {}, peer('::1'))).status).toBe(200);
    expect((await open.request('/metrics', {}, peer('203.0.113.9'))).status).toBe(404);
    const proxied = { headers: { 'x-forwarded-for': '203.0.113.9' } };
    expect((await open.request('/metrics', proxied, peer('127.0.0.1'))).status).toBe(404);
  });
});

describe('compression', () => {
  // The API description: JSON of some size whatever the catalog.
  const search = '/api/openapi.json';

  test('negotiates br, then gzip, else none; marks the answer Vary: Accept-Encoding', async () => {
    const plain = await app.request(search);
    const identity = new Uint8Array(await plain.arrayBuffer());
    expect(identity.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');

    const br = await app.request(search, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).equals(Buffer.from(identity))).toBe(true);
    expect(brBytes.byteLength).toBeLessThan(identity.byteLength / 2);

    const gzip = await app.request(search, {
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(Buffer.from(identity))).toBe(
      true,
    );

    const none = await app.request(search, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(none.headers.get('content-encoding')).toBeNull();
  });

  test('pages (streamed HTML) are compressed too, through a real server', async () => {
    const res = await fetch(`${origin}/page`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    // fetch decodes it: the page arrives whole.
    expect(await res.text()).toContain('本'.repeat(2000));
  });

  test('answers under the threshold, and what is not text, are sent as they are', async () => {
    const tiny = await app.request('/tiny', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('<p>小</p>');
    const health = await app.request('/api/health/', { headers: { 'accept-encoding': 'br' } });
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(health.headers.get('vary')).toBe('Accept-Encoding');
  });
});

describe('cache headers of the public catalog', () => {
  test('a guest and a member get the same answer, which a CDN may keep', async () => {
    const { client } = await insertMember(t);
    const member = new TestClient(app, client.address);
    member.cookie = client.cookie;
    for (const path of [
      '/api/homedata/',
      `/api/products/${product.slug}/`,
      '/api/search/?q=%E6%9C%AC',
      '/api/ranking/daily/',
      '/api/productlist/delay/',
      '/api/news/',
    ]) {
      const guest = await app.request(path);
      const theirs = await member.get(path);
      expect(guest.status, path).toBe(200);
      expect(guest.headers.get('cache-control'), path).toBe(PUBLIC_CATALOG_CACHE);
      expect(theirs.headers.get('set-cookie'), path).toBeNull();
      expect(theirs.headers.get('cache-control'), path).toBe(PUBLIC_CATALOG_CACHE);
      expect(await theirs.text(), path).toBe(await guest.text());
    }
  });

  test('errors, personal answers and the catalog behind the IP filter stay no-store', async () => {
    expect((await app.request('/api/products/no-such-book/')).headers.get('cache-control')).toBe(
      'no-store',
    );
    expect((await app.request('/api/session/')).headers.get('cache-control')).toBe('no-store');
    const filtered = createApp({
      ...t.deps,
      config: { ...t.deps.config, ipFilter: { enabled: true, allowedAddress: '192.0.2.1' } },
    });
    const env = { incoming: { socket: { remoteAddress: '192.0.2.1' } } };
    const res = await filtered.request('/api/homedata/', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
