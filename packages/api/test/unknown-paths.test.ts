import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  randomSuffix,
  type TestClient,
} from './support/accounts-app';

// Member-only resources check the session per route, so a path no route serves is the JSON 404
// every unknown /api/ path gives, for guests and members alike, and never 401 login_required.

let t: AccountsTestApp;
let member: TestClient;
let guest: TestClient;

beforeAll(async () => {
  t = await createAccountsTestApp();
  member = t.client('192.0.2.61');
  expect((await member.register(`paths-${randomSuffix()}@example.jp`)).status).toBe(201);
  guest = t.client('192.0.2.62');
  await guest.session();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const UNKNOWN = [
  '/api/user/nope/',
  '/api/user/delete/extra/',
  '/api/addressbook/1/extra/',
  '/api/gmo-multipay/creditcard/1/extra/',
  '/api/favorites/product/some-slug/extra/',
  '/api/takeover/nope/',
  '/api/orders/1/nope/',
  '/api/points/history/',
  '/api/reserveshop/nope/',
  '/api/reserveshop/checkout/nope/',
  '/api/reserveshop/bundle/1/extra/',
];

/** Member-only paths that exist: a guest is asked to log in there. */
const MEMBER_ONLY = [
  '/api/user/usershippingaddress/',
  '/api/user/delete/',
  '/api/addressbook/',
  '/api/addressbook/1/',
  '/api/gmo-multipay/creditcard/',
  '/api/favorites/product/',
  '/api/favorites/product/some-slug/',
  '/api/takeover/usertakeover/',
  '/api/takeover/orderhistory/',
  '/api/orders/',
  '/api/orders/1/',
  '/api/points/',
  '/api/reserveshop/bundle/',
  '/api/reserveshop/bundle/1/',
];

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('unknown paths under member-only resources', () => {
  test.each(UNKNOWN)('GET %s is a JSON 404 for a guest and for a member', async (path) => {
    for (const client of [guest, member]) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({
        code: 'not_found',
        message: expect.stringMatching(/見つかりません/),
      });
    }
  });

  test('a method no route serves is a 404 too, not a login prompt', async () => {
    for (const path of ['/api/reserveshop/checkout/', '/api/reserveshop/reserve/quote/']) {
      const res = await guest.get(path);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
  });

  test.each(MEMBER_ONLY)('GET %s still asks a guest to log in', async (path) => {
    const res = await guest.get(path);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({
      code: 'login_required',
      message: 'ログインしてください。',
    });
  });

  test('a guest is asked to log in before a member-only body is validated', async () => {
    const res = await guest.post('/api/addressbook/', { postalCode: 'junk' });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('login_required');
  });
});
