import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  TEST_PASSWORD_PARAMS,
  type TestClient,
} from '../accounts/test-support';
import { seedDatabase } from '../seed/seed';
import { seedLegacyAccounts } from '../services/legacy-seed';

// Every account endpoint gets generated bad input (wrong JSON shapes and types, broken JSON,
// junk path segments) from a logged-in member with a valid CSRF token, so requests reach
// validation and the services. Each answer must be a 4xx, and no account table may change.
// throttle_counters is left out of the comparison: counting a failed credential check is the
// intended effect of a wrong password or takeover code. Replay a failure with the seed and path
// fast-check prints: fc.assert(..., { seed, path }).

let t: AccountsTestApp;
let client: TestClient;
let addressId: number;

const TABLES = [
  'members',
  'sessions',
  'shipping_addresses',
  'saved_cards',
  'favorites',
  'legacy_accounts',
  'contact_messages',
  'carts',
];

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await t.deps.db.rows<{ digest: string }>(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(table)} x`,
    );
    parts.push(`${table}:${row?.digest}`);
  }
  return parts.join(',');
}

beforeAll(async () => {
  t = await createAccountsTestApp();
  await seedDatabase(t.deps.db, { products: 10, now: t.deps.now() });
  await seedLegacyAccounts(t.deps.db, TEST_PASSWORD_PARAMS);
  client = t.client('192.0.2.77');
  await client.register('fuzz@example.jp');
  const created = await client.post('/api/addressbook/', {
    postalCode: '104-0061',
    prefecture: '東京都',
    city: '中央区',
    street: '銀座1-1',
    lastName: '山田',
    firstName: '太郎',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'タロウ',
    phone: '0312345678',
  });
  addressId = ((await created.json()) as { address: { id: number } }).address.id;
  // Nothing in this file may ever be allowed to withdraw the member.
  const me = (await client.session()).member;
  if (me) t.deps.memberOrders.blockers.set(me.id, [{ code: 'open', message: '未発送', count: 1 }]);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const junkValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A body shaped like the endpoint's own (its keys) but with junk values, or anything else. */
const bodyArb = (keys: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, junkValue])), { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ maxLength: 40 }).map((s) => ({ raw: `{${s}` })),
  );

const segmentArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.constantFrom('0', '-1', '1.5', '9999999999', '１', '%00', 'null'),
);

const ADDRESS_KEYS = [
  'postalCode',
  'prefecture',
  'city',
  'street',
  'building',
  'lastName',
  'firstName',
  'lastNameKana',
  'firstNameKana',
  'phone',
  'isDefault',
];

const endpoints: Array<{
  name: string;
  method: string;
  path: fc.Arbitrary<string>;
  body?: fc.Arbitrary<unknown>;
}> = [
  {
    name: 'login',
    method: 'POST',
    path: fc.constant('/api/session/login/'),
    body: bodyArb(['email', 'password']),
  },
  {
    name: 'register',
    method: 'POST',
    path: fc.constant('/api/user/register/'),
    body: bodyArb(['email', 'password', 'name', 'birthDate']),
  },
  {
    name: 'usershippingaddress',
    method: 'PUT',
    path: fc.constant('/api/user/usershippingaddress/'),
    body: bodyArb(ADDRESS_KEYS),
  },
  {
    name: 'withdrawal',
    method: 'POST',
    path: fc.constant('/api/user/delete/'),
    body: bodyArb(['password']),
  },
  {
    name: 'addressbook add',
    method: 'POST',
    path: fc.constant('/api/addressbook/'),
    body: bodyArb(ADDRESS_KEYS),
  },
  {
    name: 'addressbook update',
    method: 'PUT',
    path: fc.oneof(
      segmentArb.map((s) => `/api/addressbook/${encodeURIComponent(s)}/`),
      fc.constant('/api/addressbook/ID/'),
    ),
    body: bodyArb(ADDRESS_KEYS),
  },
  {
    name: 'addressbook read',
    method: 'GET',
    path: segmentArb.map((s) => `/api/addressbook/${encodeURIComponent(s)}/`),
  },
  {
    name: 'addressbook delete',
    method: 'DELETE',
    path: segmentArb.map((s) => `/api/addressbook/${encodeURIComponent(s)}/`),
  },
  {
    name: 'postal lookup',
    method: 'GET',
    path: segmentArb.map((s) => `/api/addressbook/postal-code/${encodeURIComponent(s)}/`),
  },
  {
    name: 'card add',
    method: 'POST',
    path: fc.constant('/api/gmo-multipay/creditcard/'),
    body: bodyArb(['token']),
  },
  {
    name: 'card delete',
    method: 'DELETE',
    path: segmentArb.map((s) => `/api/gmo-multipay/creditcard/${encodeURIComponent(s)}/`),
  },
  {
    name: 'favourites list',
    method: 'GET',
    path: fc
      .tuple(segmentArb, fc.string({ maxLength: 8 }))
      .map(([s, q]) => `/api/favorites/${encodeURIComponent(s)}/?page=${encodeURIComponent(q)}`),
  },
  {
    name: 'favourites add',
    method: 'POST',
    path: fc.constantFrom('/api/favorites/product/', '/api/favorites/author/', '/api/favorites/x/'),
    body: bodyArb(['slug']),
  },
  {
    name: 'favourites remove',
    method: 'DELETE',
    path: fc
      .tuple(fc.constantFrom('product', 'author', 'intellectualproperty', 'nope'), segmentArb)
      .map(([c, s]) => `/api/favorites/${c}/${encodeURIComponent(s)}/`),
  },
  {
    name: 'takeover',
    method: 'POST',
    path: fc.constant('/api/takeover/usertakeover/'),
    body: bodyArb(['email', 'password', 'takeoverCode']),
  },
  {
    name: 'contact',
    method: 'POST',
    path: fc.constant('/api/contact/'),
    body: bodyArb(['name', 'email', 'category', 'body', 'botToken']),
  },
];

describe('fuzz: bad input gets a 4xx and changes nothing', () => {
  for (const endpoint of endpoints) {
    test(`${endpoint.method} ${endpoint.name}`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(
          endpoint.path,
          endpoint.body ?? fc.constant(undefined),
          async (rawPath, body) => {
            const path = rawPath.replace('/ID/', `/${addressId}/`);
            const payload =
              body && typeof body === 'object' && 'raw' in body
                ? String((body as { raw: string }).raw)
                : body;
            const res = await client.request(endpoint.method, path, payload);
            if (res.status >= 500 || res.status < 400) {
              throw new Error(
                `${endpoint.method} ${path} ${JSON.stringify(payload)} answered ${res.status}: ${await res.text()}`,
              );
            }
            expect(await snapshot()).toBe(before);
          },
        ),
        { numRuns: 40 },
      );
    }, 120_000);
  }
});
