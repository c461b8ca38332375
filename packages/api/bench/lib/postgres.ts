// The PostgreSQL side the benchmarks and crash tests share: the server they need, a migrated
// database on it, and a database of their own they drop afterwards.
import { type Database, openDatabase } from '../../src/db/client';
import { adminQuery, databaseUrl } from '../../test/support/postgres-admin';

/**
 * The environment variables `names` a script needs (scripts/with-postgres.sh sets them); exits
 * with a line naming them all when one is missing.
 */
export function requireEnv<const N extends string>(
  script: string,
  names: readonly N[],
): Record<N, string> {
  if (names.some((name) => !process.env[name])) {
    const listed =
      names.length === 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    console.error(`${script} needs ${listed} (run it through scripts/with-postgres.sh)`);
    process.exit(1);
  }
  return Object.fromEntries(names.map((name) => [name, process.env[name]])) as Record<N, string>;
}

/** The URL of the PostgreSQL server a script needs (DATABASE_URL); see `requireEnv`. */
export function requirePostgres(script: string): string {
  return requireEnv(script, ['DATABASE_URL']).DATABASE_URL;
}

/** The database at `url`, migrated. */
export async function openPostgres(url: string, poolSize = 4): Promise<Database> {
  const db = await openDatabase({ databaseUrl: url, poolSize });
  await db.migrate();
  return db;
}

/** A fresh database `name` on the server of `serverUrl` (dropped first if a run left it). */
export async function freshDatabase(
  serverUrl: string,
  name: string,
): Promise<{ db: Database; url: string; drop(): Promise<void> }> {
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(serverUrl, `create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  const db = await openPostgres(url);
  return {
    db,
    url,
    async drop() {
      await db.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
