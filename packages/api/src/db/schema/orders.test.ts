import { ORDER_STATES } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase } from '../../../test/support/database';
import type { Database } from '../client';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase('migrated'));
}, 120_000);
afterAll(async () => {
  await drop();
});

describe('order states', () => {
  test("the database's CHECK allows exactly the @shop/rules ORDER_STATES", async () => {
    const [row] = await db.rows<{ def: string }>(sql`
      select pg_get_constraintdef(c.oid) as def from pg_constraint c
      where c.conrelid = 'orders'::regclass and c.conname = 'orders_status_known'`);
    const allowed = [...(row?.def ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual([...ORDER_STATES].sort());
  });
});
