import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type BackupTarget, backupDatabase, restoreDatabase } from '../src/db/backup';
import { type Database, openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/seed/seed';
import { TEST_NOW } from './support/database';
import { adminQuery, databaseUrl as databaseUrlOf } from './support/postgres-admin';

const serverUrl = process.env.DATABASE_URL;
// PGlite's initdb and a dump and load of its folder: slow on 2 busy cores.
const SLOW = 180_000;
const folders: string[] = [];

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-backup-'));
  folders.push(dir);
  return dir;
}

/** What the shop holds: every product, variation and order row, and the number of each. */
async function contents(db: Database) {
  const [row] = await db.rows<Record<string, string>>(sql`select
    (select md5(string_agg(p::text, '|' order by id)) from products p) as products,
    (select md5(string_agg(v::text, '|' order by id)) from variations v) as variations,
    (select md5(string_agg(o::text, '|' order by id)) from orders o) as orders,
    (select count(*) from showcases)::int as showcases,
    (select count(*) from drizzle.__drizzle_migrations)::int as migrations`);
  return row;
}

/** Backs up, changes the shop, restores, and returns what it held before and after. */
async function roundTrip(open: () => Promise<Database>, target: BackupTarget) {
  const file = join(folder(), 'shop.backup');
  let db = await open();
  await db.migrate();
  await seedDatabase(db, { products: 40, now: TEST_NOW });
  const before = await contents(db);
  await db.close();

  await backupDatabase(target, file);

  db = await open();
  await db.rows(sql`update products set title = title || '（改）'`);
  await db.rows(sql`delete from showcase_products`);
  await db.rows(sql`delete from showcases`);
  const changed = await contents(db);
  await db.close();

  await restoreDatabase(target, file);

  db = await open();
  const after = await contents(db);
  await db.close();
  return { before, changed, after };
}

describe('backup and restore', () => {
  it(
    'of the embedded database: back up, change, restore gives back exactly what was backed up',
    async () => {
      const dataDir = join(folder(), 'pglite');
      const { before, changed, after } = await roundTrip(() => openDatabase({ dataDir }), {
        dataDir,
      });
      expect(changed).not.toEqual(before);
      expect(after).toEqual(before);
    },
    SLOW,
  );

  it.skipIf(!serverUrl)(
    'of a PostgreSQL database (pg_dump, pg_restore): back up, change, restore gives back exactly what was backed up',
    async () => {
      const name = `shop_test_backup_${randomBytes(6).toString('hex')}`;
      const admin = (statement: string) => adminQuery(serverUrl as string, statement);
      await admin(`create database ${name}`);
      const databaseUrl = databaseUrlOf(serverUrl as string, name);
      try {
        const { before, changed, after } = await roundTrip(
          () => openDatabase({ databaseUrl, poolSize: 2 }),
          { databaseUrl },
        );
        expect(changed).not.toEqual(before);
        expect(after).toEqual(before);
      } finally {
        if (process.env.KEEP_TEST_DBS !== '1') await admin(`drop database ${name} with (force)`);
      }
    },
    SLOW,
  );

  it(
    'db:reset refuses while the embedded database is open, and leaves it alone',
    async () => {
      const root = folder();
      const db = await openDatabase({ dataDir: join(root, 'pglite') });
      try {
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: root };
        delete env.DATABASE_URL;
        const reset = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'reset'], {
          cwd: join(import.meta.dirname, '..'),
          env,
          encoding: 'utf8',
        });
        expect(reset.status).toBe(1);
        expect(reset.stderr).toContain(`is open in process ${process.pid}`);
        expect(existsSync(join(root, 'pglite', 'PG_VERSION'))).toBe(true);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );
});
