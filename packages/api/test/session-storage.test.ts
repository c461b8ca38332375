import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CSRF_HEADER } from '../src/middleware/session';
import type { SessionSummary } from '../src/services/session-summary';
import { openTestShop, type TestShop } from './support/database';

// Finding 12 of issue 12: a session row only when something hangs off it. Cookieless requests
// (crawlers, bursts, a shopper who only browses) store nothing; a guest still gets a CSRF token
// before its first state-changing request, and its first cart line stores its session.

let shop: TestShop;
let variations: number[];
beforeAll(async () => {
  shop = await openTestShop();
  const rows = await shop.db.rows<{ id: number }>(
    sql`select v.id from variations v join products p on p.id = v.product_id
        where v.unit_price is not null and v.in_stock and v.stock_quantity >= 10
          and not v.can_reserve and not p.is_adult and p.disabled_before is null
        order by v.id limit 6`,
  );
  variations = rows.map((row) => row.id);
}, 120_000);
afterAll(async () => {
  await shop.close();
});

async function sessionRows(): Promise<number> {
  const [row] = await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from sessions`);
  return row?.n ?? 0;
}

async function productSlug(): Promise<string> {
  const [row] = await shop.db.rows<{ slug: string }>(sql`select slug from products limit 1`);
  return row?.slug ?? '';
}

/** The session cookie a response sets (`sid=…`), or undefined. */
function cookieOf(res: Response): string | undefined {
  return res.headers.get('set-cookie')?.split(';')[0];
}

async function guestSession(cookie?: string) {
  const res = await shop.request('/api/session/', cookie ? { headers: { cookie } } : {});
  const body = (await res.json()) as SessionSummary;
  return { cookie: cookieOf(res) ?? cookie, token: body.csrfToken, body };
}

function addToCart(cookie: string | undefined, token: string, variationId: number) {
  return shop.request('/api/cart/', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      [CSRF_HEADER]: token,
    },
    body: JSON.stringify({ variationId, quantity: 1 }),
  });
}

describe('browsing stores no session', () => {
  test('cookieless GETs of what the pages load (session, cart, catalog, account pages) store no session row', async () => {
    const slug = await productSlug();
    // What the storefront's server renderer and its pages ask the API for (examples/storefront
    // src/app/*loaders.ts), member-only ones included (they answer 401 to guests).
    const paths = [
      '/api/session/',
      '/api/cart/',
      '/api/homedata/',
      `/api/products/${slug}/`,
      '/api/search/?q=a',
      '/api/ranking/daily/',
      '/api/productlist/delay/',
      '/api/news/',
      '/api/showcases/',
      '/api/contact/',
      '/api/orders/',
      '/api/points/',
      '/api/addressbook/',
      '/api/user/delete/',
    ];
    const before = await sessionRows();
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(paths.map((path) => shop.request(path)));
      for (const res of answers) expect(res.status).toBeLessThan(500);
    }
    expect(await sessionRows()).toBe(before);
  });

  test('a guest who keeps its cookie and browses on stores no row either', async () => {
    const before = await sessionRows();
    const { cookie, token } = await guestSession();
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{22}$/);
    for (let i = 0; i < 10; i++) {
      const again = await guestSession(cookie);
      expect(again.token).toBe(token);
      expect((await shop.request('/api/cart/', { headers: { cookie: cookie ?? '' } })).status).toBe(
        200,
      );
    }
    expect(await sessionRows()).toBe(before);
  });

  test('refused or failed state-changing requests of a guest store no row', async () => {
    const before = await sessionRows();
    const { cookie, token } = await guestSession();
    const headers = { 'content-type': 'application/json', cookie: cookie ?? '' };
    const login = await shop.request('/api/session/login/', {
      method: 'POST',
      headers: { ...headers, [CSRF_HEADER]: token },
      body: JSON.stringify({ email: 'nobody@example.jp', password: 'wrong password!' }),
    });
    expect(login.status).toBe(401);
    const forged = await addToCart(cookie, 'A'.repeat(43), variations[0] as number);
    expect(forged.status).toBe(403);
    const remove = await shop.request(`/api/cart/${variations[0]}/`, {
      method: 'DELETE',
      headers: { cookie: cookie ?? '', [CSRF_HEADER]: token },
    });
    expect(remove.status).toBe(404);
    expect(await sessionRows()).toBe(before);
    const logout = await shop.request('/api/session/logout/', {
      method: 'POST',
      headers: { cookie: cookie ?? '', [CSRF_HEADER]: token },
    });
    expect(logout.status).toBe(204);
    expect(await sessionRows()).toBe(before);
  });
});

describe('the guest CSRF flow', () => {
  test('a guest adds to its cart with the token of GET /api/session/; the first line stores one session that keeps cookie and token', async () => {
    const before = await sessionRows();
    const { cookie, token } = await guestSession();
    const first = await addToCart(cookie, token, variations[0] as number);
    expect(first.status).toBe(200);
    expect(cookieOf(first)).toBeUndefined();
    expect(await sessionRows()).toBe(before + 1);
    const second = await addToCart(cookie, token, variations[1] as number);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { count: number }).count).toBe(2);
    expect(await sessionRows()).toBe(before + 1);
    const summary = await guestSession(cookie);
    expect(summary.token).toBe(token);
    expect(summary.body.cartCount).toBe(2);
  });

  test('parallel first adds of one browser (several tabs) share one stored session', async () => {
    const before = await sessionRows();
    const { cookie, token } = await guestSession();
    const answers = await Promise.all(
      variations.map((variationId) => addToCart(cookie, token, variationId)),
    );
    expect(answers.map((res) => res.status)).toEqual(variations.map(() => 200));
    expect(await sessionRows()).toBe(before + 1);
    const cart = await shop.request('/api/cart/', { headers: { cookie: cookie ?? '' } });
    expect(((await cart.json()) as { count: number }).count).toBe(variations.length);
  });

  test("the token is tied to the browser: another browser's token, none and no cookie are refused", async () => {
    const a = await guestSession();
    const b = await guestSession();
    expect(a.token).not.toBe(b.token);
    const crossed = await addToCart(a.cookie, b.token, variations[0] as number);
    expect(crossed.status).toBe(403);
    expect(((await crossed.json()) as { error: { code: string } }).error.code).toBe('csrf_token');
    const noCookie = await addToCart(undefined, a.token, variations[0] as number);
    expect(noCookie.status).toBe(403);
    expect(((await noCookie.json()) as { error: { code: string } }).error.code).toBe(
      'csrf_session',
    );
  });

  test('the guest cart survives login into a new, rotated session', async () => {
    const { cookie, token } = await guestSession();
    expect((await addToCart(cookie, token, variations[2] as number)).status).toBe(200);
    const email = `guest-${Date.now().toString(36)}@example.jp`;
    const register = await shop.request('/api/user/register/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie ?? '', [CSRF_HEADER]: token },
      body: JSON.stringify({ email, password: 'correct horse battery', name: '山田 太郎' }),
    });
    expect(register.status).toBe(201);
    const memberCookie = cookieOf(register);
    expect(memberCookie).toMatch(/^sid=/);
    expect(memberCookie).not.toBe(cookie);
    const body = (await register.json()) as SessionSummary;
    expect(body.csrfToken).not.toBe(token);
    expect(body.cartCount).toBe(1);
    // The guest cookie opens nothing of the member's any more.
    const stale = await guestSession(cookie);
    expect(stale.body.member).toBeNull();
    expect(stale.body.cartCount).toBe(0);
  });
});
