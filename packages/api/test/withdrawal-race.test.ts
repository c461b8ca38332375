import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { hashPassword } from '../src/auth/password';
import { legacyAccounts } from '../src/db/schema/accounts';
import { randomSuffix, TEST_PASSWORD_PARAMS, TestClient } from './support/accounts-app';
import { insertProduct, ordersTestApp } from './support/orders-app';
import { databaseUrl } from './support/postgres-admin';

// A member's own writes racing the member's withdrawal, on a PostgreSQL server (PGlite runs one
// statement at a time, so nothing can reach the database between a request's session check and
// its write there). Each write passed the session check before the withdrawal committed and
// reaches the database after it. Before the fix, the address book, favourites and 再入荷のお知らせ
// requests wrote their rows under the member row's lock without looking at `withdrawn_at`, the
// cart was re-created after the withdrawal deleted it, a takeover linked an old account (its
// e-mail, name and password hash) and an e-mail change stored its link and new address, so a
// withdrawn member kept personal data nothing would erase. Now each answers 401
// `login_required` and writes nothing (services/member-lock.ts).

const serverUrl = process.env.DATABASE_URL;
const PASSWORD = 'correct horse battery';

// The withdrawal, six writes and their session checks at once: more than the default pool.
const t = ordersTestApp({ poolSize: 12 });

/**
 * Waits until `n` requests are held: statements waiting for a lock, plus the requests in
 * `settled` that have already answered (a write that does not wait for the withdrawal answers
 * at once; the assertions then say which). `cartDelete`: one of the waiting statements must be
 * the withdrawal's delete of the cart.
 */
async function held(watcher: pg.Client, n: number, settled: () => number, cartDelete = false) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await watcher.query<{ n: number; carts: number }>(
      `select count(*)::int as n, count(*) filter (where query ilike 'delete from carts%')::int as carts
       from pg_stat_activity
       where datname = current_database() and state = 'active' and wait_event_type = 'Lock'`,
    );
    const row = rows[0];
    if (row && row.n + settled() >= n && (!cartDelete || row.carts >= 1)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never saw ${n} requests held`);
}

describe.skipIf(!serverUrl)('writes of a member racing the withdrawal (PostgreSQL)', () => {
  test('an address, a favourite, a restock request, a cart line, a takeover and an e-mail change sent during the withdrawal: 401, nothing kept', async () => {
    const client = new TestClient(t.app, '192.0.2.50');
    const email = `leaving-${randomSuffix()}@example.jp`;
    expect((await client.register(email, PASSWORD, { birthDate: '1990-01-01' })).status).toBe(201);
    const memberId = (await client.session()).member?.id as number;
    expect(memberId).toBeGreaterThan(0);
    const onSale = await insertProduct(t.db, { stock: 5 });
    const soldOut = await insertProduct(t.db, { stock: 0 });
    const legacyEmail = `legacy-${randomSuffix()}@example.jp`;
    await t.db.orm.insert(legacyAccounts).values({
      email: legacyEmail,
      name: '瀬戸内 奈々子',
      passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_PARAMS),
    });
    expect(
      (await client.post('/api/cart/', { variationId: onSale.variationId, quantity: 1 })).status,
    ).toBe(200);

    const [current] = await t.db.rows<{ name: string }>(sql`select current_database() as name`);
    const url = databaseUrl(serverUrl as string, current?.name as string);
    const cartHolder = new pg.Client({ connectionString: url });
    const memberHolder = new pg.Client({ connectionString: url });
    // Outside any transaction: pg_stat_activity is read once per transaction.
    const watcher = new pg.Client({ connectionString: url });
    await Promise.all([cartHolder.connect(), memberHolder.connect(), watcher.connect()]);
    try {
      // The withdrawal takes the member row, then waits at the cart (held by cartHolder).
      await cartHolder.query('begin');
      await cartHolder.query('select id from carts where member_id = $1 for update', [memberId]);
      await memberHolder.query('begin');
      await memberHolder.query('select id from members where id = $1 for update', [memberId]);
      const withdrawal = client.post('/api/user/delete/', { password: PASSWORD });
      await held(watcher, 1, () => 0);
      await memberHolder.query('commit');
      await held(watcher, 1, () => 0, true);

      // Each of these passes the session check now: the withdrawal has not committed.
      let settled = 0;
      const writes = [
        client.post('/api/addressbook/', {
          postalCode: '101-0021',
          prefecture: '東京都',
          city: '千代田区外神田',
          street: '1-2-3',
          building: '',
          lastName: '瀬戸内',
          firstName: '奈々子',
          lastNameKana: 'セトウチ',
          firstNameKana: 'ナナコ',
          phone: '0312345678',
        }),
        client.post('/api/favorites/product/', { slug: onSale.slug }),
        client.post('/api/restock-requests/', { variationId: soldOut.variationId }),
        client.post('/api/cart/', { variationId: onSale.variationId, quantity: 2 }),
        client.post('/api/takeover/usertakeover/', { email: legacyEmail, password: PASSWORD }),
        client.post('/api/user/email/', {
          password: PASSWORD,
          newEmail: `new-${randomSuffix()}@example.jp`,
        }),
      ].map((write) => write.finally(() => settled++));
      await held(watcher, 1 + writes.length, () => settled);
      await cartHolder.query('commit');

      expect((await withdrawal).status).toBe(200);
      for (const res of await Promise.all(writes)) {
        expect({ status: res.status, body: await res.json() }).toEqual({
          status: 401,
          body: { error: { code: 'login_required', message: 'ログインしてください。' } },
        });
      }
    } finally {
      await Promise.all([cartHolder.end(), memberHolder.end(), watcher.end()]);
    }
    const [left] = await t.db.rows(
      sql`select (select count(*)::int from shipping_addresses where member_id = ${memberId}) as addresses,
                 (select count(*)::int from favorites where member_id = ${memberId}) as favorites,
                 (select count(*)::int from restock_requests where member_id = ${memberId}) as restock,
                 (select count(*)::int from carts where member_id = ${memberId}) as carts,
                 (select count(*)::int from legacy_accounts where linked_member_id = ${memberId}) as legacy,
                 (select count(*)::int from account_links where member_id = ${memberId}) as links`,
    );
    expect(left).toEqual({
      addresses: 0,
      favorites: 0,
      restock: 0,
      carts: 0,
      legacy: 0,
      links: 0,
    });
  }, 60_000);
});
