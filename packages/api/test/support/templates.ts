import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { seedDatabase } from '../../src/seed/seed';
import { adminQuery, createDatabase, databaseUrl } from './postgres-admin';

/** The shop's clock in tests: Friday 2026-11-20, 12:00 in Japan. */
export const TEST_NOW = new Date('2026-11-20T03:00:00Z');

/** Products of the test catalog: small enough to seed in a second, big enough for every case. */
export const TEST_PRODUCTS = 400;

/**
 * Where the api project's test files find their starting databases. Creating an embedded
 * database (PGlite runs initdb in WebAssembly), migrating it and seeding the test catalog took
 * longer than most test files' own tests, once per file: 13-21 s + 3-4 s + 4-5 s on a loaded
 * 2-core machine, against 5 s to open a copy. This global set-up does each once per run and
 * every file starts from a copy (database.ts). On PGlite a template is a data-directory tarball
 * on disk (an empty one too: the migration tests start empty); on a PostgreSQL server it is a
 * database that `create database … template …` copies.
 */
export type TestTemplates =
  | { kind: 'pglite'; empty: string; migrated: string; seeded: string }
  | { kind: 'postgres'; migrated: string; seeded: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'shop-test-templates-'));
    const db = await openDatabase();
    const saveImage = async (name: string) => {
      const path = join(folder, `${name}.tar`);
      writeFileSync(path, Buffer.from(await (await imageOf(db)).arrayBuffer()));
      return path;
    };
    try {
      const empty = await saveImage('empty');
      await db.migrate();
      const migrated = await saveImage('migrated');
      await seedDatabase(db, { products: TEST_PRODUCTS, now: TEST_NOW });
      const seeded = await saveImage('seeded');
      project.provide('testTemplates', { kind: 'pglite', empty, migrated, seeded });
    } finally {
      await db.close();
    }
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  const suffix = randomBytes(6).toString('hex');
  const migrated = `shop_template_migrated_${suffix}`;
  const seeded = `shop_template_seeded_${suffix}`;
  await adminQuery(serverUrl, `create database ${migrated}`);
  const db = await openDatabase({ databaseUrl: databaseUrl(serverUrl, migrated), poolSize: 2 });
  await db.migrate();
  await db.close();
  await createDatabase(serverUrl, seeded, migrated);
  const seedDb = await openDatabase({ databaseUrl: databaseUrl(serverUrl, seeded), poolSize: 2 });
  await seedDatabase(seedDb, { products: TEST_PRODUCTS, now: TEST_NOW });
  await seedDb.close();
  project.provide('testTemplates', { kind: 'postgres', migrated, seeded });
  return async () => {
    if (process.env.KEEP_TEST_DBS === '1') return;
    for (const name of [seeded, migrated]) {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    }
  };
}

function imageOf(db: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!db.image) throw new Error('only the embedded database has an image');
  return db.image();
}
