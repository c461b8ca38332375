import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { randomSuffix, TestClient } from './support/accounts-app';
import { insertProduct, ordersTestApp } from './support/orders-app';
import { databaseUrl } from './support/postgres-admin';

// A member's own writes racing the member's withdrawal, on a PostgreSQL server (PGlite runs one
// statement at a time, so nothing can reach the database between a request's session check and
// its write there). Each write passed the session check before the withdrawal committed and
// reaches the database after it: before the fix, the address book, favourites and 再入荷のお知らせ
// requests wrote their rows under the member row's lock without looking at `withdrawn_at`, and
// the cart was re-created after the withdrawal deleted it, so a withdrawn member kept an address
// (name, phone, street) nobody would ever erase. Now each answers 401 `login_required` and
// writes nothing (services/member-lock.ts).

const serverUrl = process.env.DATABASE_URL;
const PASSWORD = 'correct horse battery';

// Withdrawal, four writes and their session checks at once: more than the tests' default pool.
const t = ordersTestApp({ poolSize: 10 });

/** Waits until `n` statements of this database wait for a lock. */
async function lockWaiters(watcher: pg.Client, n: number, what: string) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await watcher.query<{ n: number; carts: number }>(
      `select count(*)::int as n, count(*) filter (where query ilike 'delete from "carts"%' or query ilike 'delete from carts%')::int as carts
       from pg_stat_activity where datname = current_database() and state = 'active' and wait_event_type = 'Lock'`,
    );
    const row = rows[0];
    if (row && row.n >= n && (what !== 'withdrawal at the cart' || row.carts >= 1)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never saw ${n} statements waiting for a lock (${what})`);
}

describe.skipIf(!serverUrl)('writes of a member racing the withdrawal (PostgreSQL)', () => {
  test('an address, a favourite, a restock request and a cart line sent during the withdrawal: 401, nothing kept', async () => {
    const client = new TestClient(t.app, '192.0.2.50');
    const email = `leaving-${randomSuffix()}@example.jp`;
    expect((await client.register(email, PASSWORD, { birthDate: '1990-01-01' })).status).toBe(201);
    const [member] = await t.db.rows<{ id: number }>(
      sql`select id from members where email = ${email}`,
    );
    const memberId = member?.id as number;
    const onSale = await insertProduct(t.db, { stock: 5 });
    const soldOut = await insertProduct(t.db, { stock: 0 });
    expect(
      (await client.post('/api/cart/', { variationId: onSale.variationId, quantity: 1 })).status,
    ).toBe(200);

    const [current] = await t.db.rows<{ name: string }>(sql`select current_database() as name`);
    const url = databaseUrl(serverUrl as string, current?.name as string);
    const cartHolder = new pg.Client({ connectionString: url });
    const memberHolder = new pg.Client({ connectionString: url });
    // Outside any transaction: pg_stat_activity is read once per transaction.
    const watcher = new pg.Client({ connectionString: url });
    await cartHolder.connect();
    await memberHolder.connect();
    await watcher.connect();
    try {
      // The withdrawal takes the member row, then waits at the cart (held by cartHolder).
      await cartHolder.query('begin');
      await cartHolder.query('select id from carts where member_id = $1 for update', [memberId]);
      await memberHolder.query('begin');
      await memberHolder.query('select id from members where id = $1 for update', [memberId]);
      const withdrawal = client.post('/api/user/delete/', { password: PASSWORD });
      await lockWaiters(watcher, 1, 'withdrawal at the member');
      await memberHolder.query('commit');
      await lockWaiters(watcher, 1, 'withdrawal at the cart');

      // Each of these passes the session check now: the withdrawal has not committed.
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
      ];
      await lockWaiters(watcher, 1 + writes.length, 'the writes');
      await cartHolder.query('commit');

      expect((await withdrawal).status).toBe(200);
      for (const res of await Promise.all(writes)) {
        expect(res.status, res.url).toBe(401);
        expect(await res.json()).toEqual({
          error: { code: 'login_required', message: 'ログインしてください。' },
        });
      }
    } finally {
      await cartHolder.end();
      await memberHolder.end();
      await watcher.end();
    }
    const [left] = await t.db.rows(
      sql`select (select count(*)::int from shipping_addresses where member_id = ${memberId}) as addresses,
                 (select count(*)::int from favorites where member_id = ${memberId}) as favorites,
                 (select count(*)::int from restock_requests where member_id = ${memberId}) as restock,
                 (select count(*)::int from carts where member_id = ${memberId}) as carts`,
    );
    expect(left).toEqual({ addresses: 0, favorites: 0, restock: 0, carts: 0 });
  }, 60_000);
});
