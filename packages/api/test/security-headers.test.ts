import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../src/app';
import type { Database } from '../src/db/client';
import { DEFAULT_BODY_LIMIT } from '../src/middleware/body-limit';
import { PUBLIC_CATALOG_CACHE } from '../src/middleware/cache-policy';
import { FRAMING_ONLY_CSP, LOCKED_DOWN_CSP } from '../src/middleware/security-headers';
import { randomSuffix, TestClient } from './support/accounts-app';
import {
  type ExampleShop,
  type Exchange,
  openExampleShop,
  runExamples,
} from './support/openapi-examples';

// Finding 9 of issue 12: the headers every kind of answer carries (docs/reliability.md
// "Response headers"), over a request to every operation of the API (the OpenAPI examples) and
// the answers the examples do not make: errors of each status and the storefront's pages.

let example: ExampleShop;
let exchanges: Exchange[];

beforeAll(async () => {
  example = await openExampleShop();
  exchanges = await runExamples(example);
}, 180_000);

afterAll(async () => {
  await example?.close();
});

type HeaderSource = Headers | Record<string, string>;
const header = (headers: HeaderSource, name: string) =>
  headers instanceof Headers ? headers.get(name) : (headers[name] ?? null);

/** nosniff, no framing (both ways), a Referrer-Policy, and the CSP expected for the answer. */
function expectGuarded(headers: HeaderSource, where: string, csp = LOCKED_DOWN_CSP) {
  expect(header(headers, 'x-content-type-options'), where).toBe('nosniff');
  expect(header(headers, 'x-frame-options'), where).toBe('DENY');
  expect(header(headers, 'referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(header(headers, 'content-security-policy'), where).toBe(csp);
  expect(header(headers, 'content-security-policy'), where).toContain("frame-ancestors 'none'");
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The only operations whose answers may be stored: they are the same for every visitor. */
const CACHEABLE: ReadonlyMap<string, string> = new Map([
  ['get /api/addressbook/postal-code/{code}/', 'public, max-age=86400'],
  ['get /_image', IMMUTABLE],
  ['get /covers/{file}', IMMUTABLE],
  ['get /_app/builds/meta/{file}', IMMUTABLE],
  ['get /_app/builds/latest.json', 'no-cache, no-store, must-revalidate'],
]);

/**
 * The public catalog (middleware/cache-policy.ts): a CDN may keep it for a minute. The examples
 * change the catalog as they go (orders take stock), so these answers are compared for a guest
 * and a member at one moment in test/observability.test.ts rather than below.
 */
const PUBLIC_CATALOG: ReadonlyMap<string, string> = new Map(
  [
    'get /api/homedata/',
    'get /api/products/{slug}/',
    'get /api/search/',
    'get /api/ranking/{type}/',
    'get /api/productlist/sale/{term}/',
    'get /api/productlist/{type}/',
    'get /api/news/',
    'get /api/news/{slug}/',
    'get /api/showcases/',
    'get /api/showcases/{slug}/',
    'get /api/gallery/',
    'get /api/gallery/{slug}/',
    'get /api/series/{slug}/',
    'get /api/authors/{slug}/',
  ].map((operation) => [operation, PUBLIC_CATALOG_CACHE] as const),
);

const describeExchange = (e: Exchange) => `${e.method} ${e.url} (${e.status})`;

describe('every operation of the API', () => {
  test('answers with nosniff, X-Frame-Options, a CSP and a Referrer-Policy', () => {
    expect(exchanges.length).toBeGreaterThan(50);
    for (const exchange of exchanges)
      expectGuarded(exchange.responseHeaders, describeExchange(exchange));
  });

  test('is never stored unless it is one of the cacheable operations', () => {
    for (const exchange of exchanges) {
      const catalog = exchange.status === 200 ? PUBLIC_CATALOG.get(exchange.operation) : undefined;
      expect(exchange.responseHeaders['cache-control'], describeExchange(exchange)).toBe(
        CACHEABLE.get(exchange.operation) ?? catalog ?? 'no-store',
      );
    }
  });

  test('the cacheable operations answer the same without the session, so they are not personal', async () => {
    const cached = exchanges.filter((e) => CACHEABLE.has(e.operation) && e.status === 200);
    expect(new Set(cached.map((e) => e.operation))).toEqual(new Set(CACHEABLE.keys()));
    for (const exchange of cached) {
      const anonymous = await example.app.request(exchange.url);
      const answer = anonymous.headers.get('content-type')?.startsWith('application/json')
        ? await anonymous.json()
        : { bytes: (await anonymous.arrayBuffer()).byteLength };
      expect(answer, describeExchange(exchange)).toEqual(exchange.answer);
    }
  });

  test('the personal answers are no-store: address book, cards, session, cart, orders, points, favourites, member, bundles, takeover', () => {
    const personal = [
      'get /api/addressbook/',
      'get /api/addressbook/{id}/',
      'get /api/gmo-multipay/creditcard/',
      'get /api/session/',
      'post /api/session/login/',
      'get /api/cart/',
      'get /api/orders/',
      'get /api/orders/{id}/',
      'get /api/points/',
      'get /api/favorites/{contentType}/',
      'get /api/user/usershippingaddress/',
      'get /api/user/delete/',
      'post /api/user/register/',
      'get /api/reserveshop/bundle/',
      'get /api/takeover/orderhistory/',
    ];
    for (const operation of personal) {
      const seen = exchanges.filter((e) => e.operation === operation);
      expect(seen.length, operation).toBeGreaterThan(0);
      for (const exchange of seen) {
        expect(exchange.responseHeaders['cache-control'], describeExchange(exchange)).toBe(
          'no-store',
        );
      }
    }
  });
});

describe('error answers', () => {
  async function expectGuardedError(response: Response, status: number, code: string) {
    const where = `${status} ${code}`;
    expect(response.status, where).toBe(status);
    expect(((await response.json()) as { error: { code: string } }).error.code, where).toBe(code);
    expectGuarded(response.headers, where);
    expect(response.headers.get('cache-control'), where).toBe('no-store');
  }

  test('400, 403, 404 and 413 carry the same headers', async () => {
    const app = example.app;
    await expectGuardedError(await app.request('/api/products/%20/'), 400, 'invalid_param');
    await expectGuardedError(
      await app.request('/api/cart/', { method: 'POST', body: '{}' }),
      403,
      'csrf_session',
    );
    await expectGuardedError(await app.request('/api/nope/'), 404, 'not_found');
    await expectGuardedError(await app.request('/nope'), 404, 'not_found');
    await expectGuardedError(await app.request('/covers/nope.png'), 404, 'not_found');
    await expectGuardedError(
      await app.request('/api/cart/', { method: 'POST', body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1) }),
      413,
      'payload_too_large',
    );
  });

  test('429 of a locked account carries them', async () => {
    const client = new TestClient(example.app, '192.0.2.90');
    const email = `headers-${randomSuffix()}@example.jp`;
    await client.register(email);
    let last: Response | undefined;
    for (let attempt = 0; attempt < 10 && last?.status !== 429; attempt++) {
      last = await client.request('POST', '/api/session/login/', { email, password: 'wrong one!' });
    }
    if (!last) throw new Error('no login attempt');
    await expectGuardedError(last, 429, 'too_many_attempts');
  });

  test('500 and 503 carry them', async () => {
    const broken = (error: Error) =>
      createApp({
        ...example.deps,
        db: new Proxy({} as Database, {
          get() {
            throw error;
          },
        }),
        log: () => {},
      });
    await expectGuardedError(
      await broken(new Error('a bug')).request('/api/homedata/'),
      500,
      'internal_error',
    );
    const gone = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    await expectGuardedError(
      await broken(gone).request('/api/homedata/'),
      503,
      'database_unavailable',
    );
  });
});

describe("the storefront's pages mounted behind the API", () => {
  const STOREFRONT_CSP = "default-src 'self'; script-src 'nonce-abc'; frame-ancestors 'none'";

  function withPages() {
    const app = createApp(example.deps);
    app.get('/own-policy', (c) =>
      c.html('<p>頁</p>', 200, {
        'Content-Security-Policy': STOREFRONT_CSP,
        'Cache-Control': 'no-store',
      }),
    );
    app.get('/no-policy', (c) => c.html('<p>頁</p>'));
    app.get('/app.js', (c) => c.body('1', 200, { 'Content-Type': 'text/javascript' }));
    app.get('/public-with-cookie', (c) => {
      c.header('Set-Cookie', 'sid=abc; Path=/; HttpOnly');
      c.header('Cache-Control', 'public, max-age=600');
      return c.json({});
    });
    return app;
  }

  test("keep the page's own Content-Security-Policy", async () => {
    const page = await withPages().request('/own-policy');
    expectGuarded(page.headers, 'a page with its CSP', STOREFRONT_CSP);
  });

  test('a page or script without a policy only gets framing forbidden, nothing it needs to run', async () => {
    const app = withPages();
    expectGuarded((await app.request('/no-policy')).headers, 'a page', FRAMING_ONLY_CSP);
    expectGuarded((await app.request('/app.js')).headers, 'a script', FRAMING_ONLY_CSP);
  });

  test('an answer that sets a cookie is never stored, whatever it declares', async () => {
    const answer = await withPages().request('/public-with-cookie');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
