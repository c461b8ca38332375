import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase } from '../../test/support/database';
import type { Database } from '../db/client';
import { serverSecret, storedSecret } from './server-secrets';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase('migrated'));
}, 120_000);
afterAll(async () => {
  await drop();
});

test('instances starting together store one key and all read it', async () => {
  // Each call stands for an instance without the key in memory yet (on PostgreSQL, in parallel
  // on several connections).
  const keys = await Promise.all(Array.from({ length: 12 }, () => storedSecret(db, 'guest-csrf')));
  expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
  expect(keys[0]?.length).toBe(32);
  const [row] = await db.rows<{ n: number }>(sql`select count(*)::int as n from server_secrets`);
  expect(row?.n).toBe(1);
  expect((await serverSecret(db, 'guest-csrf')).equals(keys[0] as Buffer)).toBe(true);
});
