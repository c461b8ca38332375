import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppDeps, createApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config/app';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client';
import { adminQuery, createDatabase, databaseUrl } from './postgres-admin';
import { TEST_NOW } from './templates';

export { TEST_NOW, TEST_PRODUCTS } from './templates';

export interface TestShop {
  db: Database;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  /** Sends a request to the app, with no server listening. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A database of its own for one test file: PGlite in memory, or a fresh database on the
 * PostgreSQL server of DATABASE_URL, dropped on close unless KEEP_TEST_DBS=1 (CI's `pg` suite
 * scans every database afterwards). It starts `empty` (migration tests), `migrated`, or
 * `seeded` with the deterministic test catalog, as a copy of the run's template (templates.ts).
 */
export async function openTestDatabase(
  start: 'empty' | 'migrated' | 'seeded' = 'empty',
  poolSize = 4,
): Promise<{ db: Database; drop(): Promise<void> }> {
  const templates = inject('testTemplates');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (templates.kind !== 'pglite') throw new Error('the templates are not PGlite images');
    const db = await openDatabase({ image: new Blob([readFileSync(templates[start])]) });
    return { db, drop: () => db.close() };
  }
  const name = `shop_test_${start}_${randomBytes(6).toString('hex')}`;
  if (templates.kind !== 'postgres') throw new Error('the templates are not PostgreSQL databases');
  await createDatabase(serverUrl, name, start === 'empty' ? undefined : templates[start]);
  const db = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize });
  return {
    db,
    async drop() {
      await db.close();
      if (process.env.KEEP_TEST_DBS === '1') return;
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
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
  const { db, drop } = await openTestDatabase('seeded');
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
