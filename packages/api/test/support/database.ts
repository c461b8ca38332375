import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, createApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config/app';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client';
import { seedDatabase } from '../../src/seed/seed';

/** The shop's clock in tests: Friday 2026-11-20, 12:00 in Japan. */
export const TEST_NOW = new Date('2026-11-20T03:00:00Z');

/** Products of the test catalog: small enough to seed in a second, big enough for every case. */
export const TEST_PRODUCTS = 400;

export interface TestShop {
  db: Database;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  /** Sends a request to the app, with no server listening. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A database of its own for one test file, migrated and seeded with the deterministic test
 * catalog: PGlite in memory, or a fresh database on the PostgreSQL server of DATABASE_URL,
 * dropped on close unless KEEP_TEST_DBS=1 (CI's `pg` suite scans every database afterwards).
 */
export async function openTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase();
    return { db, drop: () => db.close() };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    db,
    async drop() {
      await db.close();
      if (process.env.KEEP_TEST_DBS === '1') return;
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    dataDir: mkdtempSync(join(tmpdir(), 'shop-api-test-')),
    seedProducts: 0,
    cacheTtlMs: 0,
    build: { id: 'test-build', timestamp: TEST_NOW.getTime() },
    ...overrides,
  };
}

export async function openTestShop(
  options: { config?: Partial<AppConfig> } = {},
): Promise<TestShop> {
  const { db, drop } = await openTestDatabase();
  await db.migrate();
  await seedDatabase(db, { products: TEST_PRODUCTS, now: TEST_NOW });
  const deps: AppDeps = {
    db,
    config: testConfig(options.config),
    now: () => TEST_NOW,
    log: (message, error) => {
      throw new Error(`unexpected server error: ${message}`, { cause: error });
    },
  };
  const app = createApp(deps);
  return {
    db,
    deps,
    app,
    request: async (path, init) => app.request(path, init),
    async close() {
      await drop();
      rmSync(deps.config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own for the calling file or describe block (vitest hooks), holding the
 * committed migrations before the one tagged `*tagSuffix` as a shop already running has them
 * (`migrateBefore`), so its tests can fill the old schema and then `db.migrate()`. Its fields
 * are there once the `beforeAll` hooks have run; it is dropped after the tests.
 */
export function databaseBefore(tagSuffix: string): Database {
  const db = {} as Database;
  let drop: (() => Promise<void>) | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    Object.assign(db, opened.db);
    folder = await migrateBefore(opened.db, tagSuffix);
  });
  afterAll(async () => {
    await drop?.();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return db;
}

/**
 * Applies the committed migrations that come before the one whose tag ends with `tagSuffix`, as
 * a shop already running has them, so a test can fill the old schema and then migrate. Returns
 * the folder of those migrations (remove it after the test).
 */
export async function migrateBefore(db: Database, tagSuffix: string): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const own = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (own <= 0) throw new Error(`no migration before one tagged *${tagSuffix}`);
  journal.entries = journal.entries.slice(0, own);
  writeFileSync(journalPath, JSON.stringify(journal));
  if (db.kind === 'pglite') {
    await migratePglite(db.orm as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migrateNodePg(db.orm as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
  return folder;
}
