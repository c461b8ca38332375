import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client';
import { generateAuthors } from '../src/seed/generate';
import { createDeps } from '../src/server';
import { DEMO_LEGACY_ACCOUNTS } from '../src/services/legacy-seed';
import { testConfig } from './support/database';
import { adminQuery, databaseUrl } from './support/postgres-admin';

const serverUrl = process.env.DATABASE_URL;
const INSTANCES = 4;
const PRODUCTS = 120;

/** A new, empty database on the test server (no migration, no seed), dropped by `drop`. */
async function emptyDatabase(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_boot_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `create database ${name}`);
  return {
    url: databaseUrl(admin, name),
    drop: async () => {
      if (process.env.KEEP_TEST_DBS !== '1')
        await adminQuery(admin, `drop database ${name} with (force)`);
    },
  };
}

// Only a server has several sessions that can race; the embedded database is one process's
// (its lock file, tested in test/data-dir-lock.test.ts).
describe.skipIf(!serverUrl)('instances starting at once on one empty PostgreSQL database', () => {
  it(`all ${INSTANCES} start (migrate, seed) and the database holds exactly one seeded catalog`, async () => {
    const database = await emptyDatabase(serverUrl as string);
    const config = testConfig({ databaseUrl: database.url, seedProducts: PRODUCTS });
    const started = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () => createDeps(config)),
    );
    try {
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const count = async (query: string) => Number((await client.query(query)).rows[0].n);
      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect({
        products: await count('select count(*) as n from products'),
        authors: await count('select count(*) as n from authors'),
        legacyAccounts: await count('select count(*) as n from legacy_accounts'),
        migrations: await count('select count(*) as n from drizzle.__drizzle_migrations'),
        trigramExtension: await count(
          "select count(*) as n from pg_extension where extname = 'pg_trgm'",
        ),
      }).toEqual({
        products: PRODUCTS,
        authors: generateAuthors({ products: PRODUCTS, now: new Date() }).length,
        legacyAccounts: DEMO_LEGACY_ACCOUNTS.length,
        migrations: journal.entries.length,
        trigramExtension: 1,
      });
      await client.end();
    } finally {
      for (const s of started) if (s.status === 'fulfilled') await s.value.db.close();
      rmSync(config.dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
