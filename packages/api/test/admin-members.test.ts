import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { TestClient } from './support/accounts-app';
import { adminRequest, auditEntries, json } from './support/admin';
import { confirm, insertMember, insertProduct, ordersTestApp } from './support/orders-app';

// The back office's members (docs/backoffice.md, "Members"): lookup, the detail page's orders,
// points, locks, withdrawal and takeover, point adjustments (one ledger entry, no overdraft even
// when two staff members adjust at once: run on PostgreSQL too) and lifting a lock-out.

const t = ordersTestApp();

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(t.app, method, path, body);

async function errorCode(res: Response): Promise<[number, string]> {
  return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
}

/** The member's ledger and balance, and the audit log's size: what a refusal must not change. */
async function pointState(memberId: number) {
  const [row] = await t.db.rows<{ entries: number; balance: number | null; audit: number }>(
    sql`select (select count(*)::int from point_ledger where member_id = ${memberId}) as entries,
               (select balance from point_balances where member_id = ${memberId}) as balance,
               (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

interface Detail {
  id: number;
  email: string | null;
  name: string;
  pointBalance: number;
  locks: {
    login: { failures: number; lockedUntil: string | null };
    takeover: { failures: number; lockedUntil: string | null };
  };
  sessions: number;
  orders: {
    count: number;
    spent: number;
    byState: { state: string; count: number }[];
    recent: { id: number; state: string; total: number; paymentMethod: string }[];
  };
  points: {
    balance: number;
    nextExpiry: { date: string; amount: number } | null;
    ledger: { kind: string; amount: number; reason: string | null }[];
  };
  withdrawal: { withdrawnAt: string | null; blockers: { code: string; count: number }[] };
  takeover: { linked: boolean; legacyAccountId: number | null; legacyOrders: number };
  accountLinks: { purpose: string }[];
}

describe('looking members up', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const [email, name] of [
      ['hanako.suzuki@example.jp', '鈴木 花子'],
      ['taro_100%@example.jp', '山田 太郎'],
      ['jiro@example.com', '佐藤 次郎'],
    ]) {
      const [row] = await t.db.rows<{ id: number }>(
        sql`insert into members (email, password_hash, name) values (${email}, '$scrypt$unused', ${name}) returning id`,
      );
      ids.push(row?.id ?? 0);
    }
  });

  const search = async (query: string) =>
    (
      await json<{ items: { id: number }[]; nextCursor: string | null }>(
        await admin('GET', `members/?${query}`),
        200,
      )
    ).items.map((m) => m.id);

  test('by part of the e-mail address or name, case-insensitive, or by id', async () => {
    expect(await search('q=SUZUKI')).toEqual([ids[0]]);
    expect(await search(`q=${encodeURIComponent('花子')}`)).toEqual([ids[0]]);
    expect(await search('q=example.jp')).toEqual([ids[1], ids[0]]);
    expect(await search(`q=${ids[2]}`)).toEqual([ids[2]]);
    // `%` and `_` are letters of the address, not wildcards.
    expect(await search(`q=${encodeURIComponent('100%')}`)).toEqual([ids[1]]);
    expect(await search(`q=${encodeURIComponent('o_1')}`)).toEqual([ids[1]]);
    expect(await search('q=nobody')).toEqual([]);
  });

  test('newest first, a page at a time', async () => {
    const first = await json<{ items: { id: number }[]; nextCursor: string }>(
      await admin('GET', 'members/?q=example&limit=2'),
      200,
    );
    expect(first.items.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    const second = await json<{ items: { id: number }[]; nextCursor: null }>(
      await admin('GET', `members/?q=example&limit=2&cursor=${first.nextCursor}`),
      200,
    );
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
  });

  test('refuses a bad query and an unknown member', async () => {
    expect(await errorCode(await admin('GET', 'members/?q='))).toEqual([400, 'invalid_query']);
    expect(await errorCode(await admin('GET', `members/?q=${'a'.repeat(101)}`))).toEqual([
      400,
      'invalid_query',
    ]);
    expect(await errorCode(await admin('GET', 'members/999999/'))).toEqual([
      404,
      'member_not_found',
    ]);
    expect(await errorCode(await adminRequest(t.app, 'GET', 'members/', undefined, null))).toEqual([
      401,
      'staff_unauthorized',
    ]);
  });
});

describe("a member's detail", () => {
  test('shows their orders, points, open orders keeping them from withdrawing, and takeover', async () => {
    const member = await insertMember(t, { points: 300 });
    const { variationId } = await insertProduct(t.db, { price: 2000 });
    await member.client.post('/api/cart/', { variationId, quantity: 1 });
    const placed = await confirm(member.client, '/api/reserveshop/checkout/', {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId: member.addressId,
    });
    expect(placed.status).toBe(201);
    const [order] = ((await placed.json()) as { orders: { id: number; total: number }[] }).orders;
    const [legacy] = await t.db.rows<{ id: number }>(
      sql`insert into legacy_accounts (email, name, linked_member_id, linked_at)
          values ('old@example.jp', '旧 会員', ${member.memberId}, ${t.deps.now().toISOString()}) returning id`,
    );
    await t.db.rows(
      sql`insert into legacy_orders (legacy_account_id, order_number, ordered_at, status, total, items)
          values (${legacy?.id}, 'OLD-1', '2020-01-01T00:00:00Z', '発送済み', 1000, '[]')`,
    );

    const detail = await json<Detail>(await admin('GET', `members/${member.memberId}/`), 200);
    expect(detail).toMatchObject({
      id: member.memberId,
      name: '山田 太郎',
      pointBalance: 300,
      sessions: 1,
      orders: {
        count: 1,
        spent: order?.total,
        byState: [{ state: 'awaiting_payment', count: 1 }],
        recent: [{ id: order?.id, state: 'awaiting_payment', paymentMethod: 'bank_transfer' }],
      },
      points: { balance: 300, ledger: [{ kind: 'grant', amount: 300, reason: null }] },
      withdrawal: { withdrawnAt: null, blockers: [{ code: 'awaiting_payment', count: 1 }] },
      takeover: { linked: true, legacyAccountId: legacy?.id, legacyOrders: 1 },
      locks: {
        login: { failures: 0, lockedUntil: null },
        takeover: { failures: 0, lockedUntil: null },
      },
      accountLinks: [],
    });
    expect(detail.points.nextExpiry?.amount).toBe(300);
  });
});

describe('adjusting points', () => {
  test('adds and takes points with a reason: one ledger entry, one audit entry each', async () => {
    const member = await insertMember(t, { points: 150 });
    const added = await json<{
      entry: { kind: string; amount: number; reason: string };
      balance: number;
    }>(
      await admin('POST', `members/${member.memberId}/points/`, {
        amount: 500,
        reason: '配送遅延のお詫び',
      }),
      201,
    );
    expect(added).toMatchObject({
      entry: { kind: 'adjust', amount: 500, reason: '配送遅延のお詫び', orderId: null },
      balance: 650,
    });
    const taken = await json<{ balance: number }>(
      await admin('POST', `members/${member.memberId}/points/`, {
        amount: -50,
        reason: '付与誤り',
      }),
      201,
    );
    expect(taken.balance).toBe(600);
    // The member sees them in their own history.
    const own = await json<{ balance: number; entries: { kind: string; amount: number }[] }>(
      await member.client.get('/api/points/'),
      200,
    );
    expect(own.balance).toBe(600);
    expect(own.entries.slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
      ['adjust', -50],
      ['adjust', 500],
    ]);
    const audit = (await auditEntries(t.db, 'member.points_adjust')).filter(
      (e) => e.targetId === String(member.memberId),
    );
    expect(audit.map((e) => [e.before, e.after])).toEqual([
      [
        { pointBalance: 150 },
        expect.objectContaining({ pointBalance: 650, amount: 500, reason: '配送遅延のお詫び' }),
      ],
      [{ pointBalance: 650 }, expect.objectContaining({ pointBalance: 600, amount: -50 })],
    ]);
  });

  test('refuses an overdraft, bad input, a withdrawn or unknown member, writing nothing', async () => {
    const member = await insertMember(t, { points: 150 });
    const before = await pointState(member.memberId);
    const path = `members/${member.memberId}/points/`;
    const cases: [unknown, [number, string]][] = [
      [{ amount: -151, reason: '調整' }, [409, 'points_insufficient']],
      [{ amount: 0, reason: '調整' }, [400, 'invalid_json']],
      [{ amount: 1.5, reason: '調整' }, [400, 'invalid_json']],
      [{ amount: 1_000_001, reason: '調整' }, [400, 'invalid_json']],
      [{ amount: 10 }, [400, 'invalid_json']],
      [{ amount: 10, reason: '   ' }, [400, 'invalid_json']],
      [{ amount: 10, reason: '調整', kind: 'grant' }, [400, 'invalid_json']],
    ];
    for (const [body, expected] of cases) {
      expect(await errorCode(await admin('POST', path, body)), JSON.stringify(body)).toEqual(
        expected,
      );
    }
    expect(await pointState(member.memberId)).toEqual(before);
    expect(
      await errorCode(await admin('POST', 'members/999999/points/', { amount: 1, reason: 'x' })),
    ).toEqual([404, 'member_not_found']);
    await t.db.rows(
      sql`update members set email = null, password_hash = null, withdrawn_at = now() where id = ${member.memberId}`,
    );
    expect(await errorCode(await admin('POST', path, { amount: 1, reason: '調整' }))).toEqual([
      409,
      'member_withdrawn',
    ]);
    expect(await pointState(member.memberId)).toEqual(before);
  });

  test('refuses to add past the balance limit (the 32-bit balance overflowed with a 500), writing nothing', async () => {
    // A balance above the limit (granted by orders), 1,000,000 below the 32-bit maximum.
    const member = await insertMember(t, { points: 2_147_000_000 });
    const path = `members/${member.memberId}/points/`;
    // Up to the limit is fine.
    const near = await insertMember(t, { points: 999_000_000 });
    expect(
      (
        await admin('POST', `members/${near.memberId}/points/`, {
          amount: 1_000_000,
          reason: '調整',
        })
      ).status,
    ).toBe(201);
    expect(
      await errorCode(
        await admin('POST', `members/${near.memberId}/points/`, { amount: 1, reason: '調整' }),
      ),
    ).toEqual([409, 'points_balance_limit']);
    // It can be lowered, not raised.
    const before = await pointState(member.memberId);
    const res = await admin('POST', path, { amount: 1_000_000, reason: '調整' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: 'points_balance_limit',
        message: '保有ポイントが上限（1,000,000,000pt）を超えるため追加できません。',
      },
    });
    expect(await pointState(member.memberId)).toEqual(before);
    expect((await admin('POST', path, { amount: -1, reason: '調整' })).status).toBe(201);
  });

  test('two staff members taking 100 of 150 at once: one wins, one is refused, 50 left', async () => {
    const member = await insertMember(t, { points: 150 });
    const before = await pointState(member.memberId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin('POST', `members/${member.memberId}/points/`, { amount: -100, reason: '二重操作' }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'points_insufficient',
      );
    }
    expect(await pointState(member.memberId)).toEqual({
      entries: (before?.entries ?? 0) + 1,
      balance: 50,
      audit: (before?.audit ?? 0) + 1,
    });
  });
});

describe('lifting a lock-out', () => {
  test('a member locked out by wrong passwords can log in again at once', async () => {
    const email = `locked-${Date.now().toString(36)}@example.jp`;
    const password = 'correct horse battery';
    const client = new TestClient(t.app, '192.0.2.50');
    expect((await client.register(email, password)).status).toBe(201);
    const memberId = (await client.session()).member?.id ?? 0;
    const stranger = new TestClient(t.app, '192.0.2.51');
    const failures = [];
    for (let i = 0; i < 5; i += 1)
      failures.push((await stranger.login(email, 'wrong password')).status);
    expect(failures).toEqual([401, 401, 401, 401, 429]);
    expect((await stranger.login(email, password)).status).toBe(429);

    const locked = await json<Detail>(await admin('GET', `members/${memberId}/`), 200);
    expect(locked.locks.login.failures).toBe(5);
    expect(locked.locks.login.lockedUntil).toBe(
      new Date(t.deps.now().getTime() + 15 * 60_000).toISOString(),
    );

    const lifted = await json<Detail['locks']>(
      await admin('POST', `members/${memberId}/unlock/`),
      200,
    );
    expect(lifted).toEqual({
      login: { failures: 0, lockedUntil: null },
      takeover: { failures: 0, lockedUntil: null },
    });
    expect((await stranger.login(email, password)).status).toBe(200);

    const [entry] = (await auditEntries(t.db, 'member.unlock')).filter(
      (e) => e.targetId === String(memberId),
    );
    expect(entry).toMatchObject({
      before: { login: { failures: 5, lockedUntil: locked.locks.login.lockedUntil } },
      after: { login: { failures: 0, lockedUntil: null } },
    });
    // The member's address is personal data: the audit names the member by id only.
    expect(JSON.stringify(entry)).not.toContain(email);
    expect(await errorCode(await admin('POST', 'members/999999/unlock/'))).toEqual([
      404,
      'member_not_found',
    ]);
  });
});
