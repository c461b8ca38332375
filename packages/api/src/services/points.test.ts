import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { insertMember, ordersTestApp } from '../../test/support/orders-app';
import { CHECK_VIOLATION, sqlState, txRows } from '../db/tx';
import { creditPoints, debitPoints, pointBalance } from './points';

const t = ordersTestApp();

async function ledgerSum(memberId: number): Promise<number> {
  const [row] = await txRows<{ n: number }>(
    t.db.orm,
    sql`select coalesce(sum(amount), 0)::int as n from point_ledger where member_id = ${memberId}`,
  );
  return row?.n ?? 0;
}

describe('points ledger', () => {
  test('1,000 concurrent 1-point spends against a 100-point balance: exactly 100 succeed', async () => {
    const { memberId } = await insertMember(t, { points: 100 });
    const results = await Promise.all(
      Array.from({ length: 1000 }, () =>
        t.db.orm.transaction((tx) => debitPoints(tx, memberId, 'use', 1, null, t.deps.now())),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(await pointBalance(t.db.orm, memberId)).toBe(0);
    expect(await ledgerSum(memberId)).toBe(0);
  }, 120_000);

  test('the balance always equals the ledger sum', async () => {
    const { memberId } = await insertMember(t, { points: 50 });
    await t.db.orm.transaction(async (tx) => {
      await creditPoints(tx, memberId, 'grant', 30, null, t.deps.now());
      await debitPoints(tx, memberId, 'use', 70, null, t.deps.now());
      await creditPoints(tx, memberId, 'refund', 5, null, t.deps.now());
    });
    expect(await pointBalance(t.db.orm, memberId)).toBe(15);
    expect(await ledgerSum(memberId)).toBe(15);
  });

  test('a spend beyond the balance is refused by the code and leaves no row', async () => {
    const { memberId } = await insertMember(t, { points: 10 });
    const result = await t.db.orm.transaction((tx) =>
      debitPoints(tx, memberId, 'use', 11, null, t.deps.now()),
    );
    expect(result).toEqual({ ok: false, balance: 10 });
    expect(await ledgerSum(memberId)).toBe(10);
  });

  test('the database refuses an overdraft even when the code is bypassed', async () => {
    const { memberId } = await insertMember(t, { points: 10 });
    const error = await t.db.orm
      .execute(
        sql`insert into point_ledger (member_id, kind, amount) values (${memberId}, 'use', -11)`,
      )
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe(CHECK_VIOLATION);
    expect(await pointBalance(t.db.orm, memberId)).toBe(10);
  });

  test('the ledger is append-only and the balance is written only through it', async () => {
    const { memberId } = await insertMember(t, { points: 10 });
    const update = await t.db.orm
      .execute(sql`update point_ledger set amount = 1000 where member_id = ${memberId}`)
      .catch((e: unknown) => e);
    expect(update).toBeInstanceOf(Error);
    const remove = await t.db.orm
      .execute(sql`delete from point_ledger where member_id = ${memberId}`)
      .catch((e: unknown) => e);
    expect(remove).toBeInstanceOf(Error);
    const direct = await t.db.orm
      .execute(sql`update point_balances set balance = 1000 where member_id = ${memberId}`)
      .catch((e: unknown) => e);
    expect(direct).toBeInstanceOf(Error);
    expect(await pointBalance(t.db.orm, memberId)).toBe(10);
    expect(await ledgerSum(memberId)).toBe(10);
  });

  test('a grant must be positive and a use negative', async () => {
    const { memberId } = await insertMember(t);
    const wrongSign = await t.db.orm
      .execute(
        sql`insert into point_ledger (member_id, kind, amount) values (${memberId}, 'grant', -5)`,
      )
      .catch((e: unknown) => e);
    expect(sqlState(wrongSign)).toBe(CHECK_VIOLATION);
  });
});
