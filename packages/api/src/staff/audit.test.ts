import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_NOW } from '../../test/support/database';
import { ACTOR_OF_ROLE } from '../../test/support/staff';
import type { Database } from '../db/client';
import { recordAudit } from './audit';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase('migrated'));
});
afterAll(() => drop());

describe('the audit log', () => {
  it('keeps each entry with its actor, target, before and after', async () => {
    const actor = ACTOR_OF_ROLE.staff;
    await db.orm.transaction((tx) =>
      recordAudit(
        tx,
        actor,
        {
          action: 'order.cancel',
          targetType: 'order',
          targetId: 7,
          before: { state: 'reserved' },
          after: { state: 'cancelled' },
        },
        TEST_NOW,
      ),
    );
    const rows = await db.rows<{
      actor: string;
      target_id: string;
      before: unknown;
      after: unknown;
    }>(sql`SELECT actor, target_id, before, after FROM audit_log`);
    expect(rows).toEqual([
      {
        actor: actor.name,
        target_id: '7',
        before: { state: 'reserved' },
        after: { state: 'cancelled' },
      },
    ]);
  });

  it('refuses every UPDATE and DELETE: history cannot be rewritten', async () => {
    await expect(db.rows(sql`UPDATE audit_log SET actor = 'someone else'`)).rejects.toThrow();
    await expect(db.rows(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const rows = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(rows[0]?.n).toBe(1);
  });
});
