import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { consoleLog } from '../errors';
import type { PoolStats } from '../observability/metrics';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * One handle on the database, whichever engine runs it. `orm` is drizzle's query builder;
 * `rows` runs hand-written SQL (built with drizzle's `sql` template, so always parameterised)
 * and returns plain rows. Both engines return dates and timestamps as PostgreSQL's text.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  rows<T>(query: SQL): Promise<T[]>;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Pick<Database, 'kind' | 'orm' | 'rows'>) => Promise<T>): Promise<T>;
  /**
   * Applies the committed SQL migrations in packages/api/drizzle that are not applied yet, under
   * the start-up lock (`exclusively`; never call it inside that).
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the shop's start-up lock, so of several processes starting at once
   * on one database only one migrates or seeds at a time, and the next finds its work done. On a
   * PostgreSQL server it is a session advisory lock on a connection of its own (the work runs on
   * the pool); the embedded database is one process's already (its folder's lock file).
   * Not reentrant: `work` must not call `migrate` or `exclusively`.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The embedded database's data directory as a tarball, for `DatabaseOptions.image` (the
   * tests' templates: migrate and seed once, start every test file from a copy).
   */
  image?(): Promise<Blob>;
  /** A PostgreSQL server's pool: open, idle, and queries waiting for one (for the metrics). */
  poolStats?(): PoolStats;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, the embedded database is not used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; omitted, it lives in memory (tests). */
  dataDir?: string | undefined;
  /** Connections in the pool of a PostgreSQL server. */
  poolSize?: number;
  /** An embedded database in memory starts as a copy of this `Database.image()`. */
  image?: Blob | undefined;
}

/** The embedded database's buffer pool. */
const PGLITE_SHARED_BUFFERS = '256MB';

/**
 * packages/api/drizzle, found through the package's own name rather than this file's place, so
 * it holds in the storefront's compiled server (dist/main.js), which has this file compiled in.
 */
export const MIGRATIONS_FOLDER = join(
  dirname(createRequire(import.meta.url).resolve('@shop/api/package.json')),
  'drizzle',
);

/**
 * The advisory lock key of the start-up work (migrations, demo seed): any bigint the shop uses
 * for nothing else. 'shop'+'boot' as bytes, so it reads as what it is in pg_locks.
 */
const STARTUP_LOCK_KEY = 0x73686f70626f6f74n;

function queryRows(orm: Orm) {
  return async <T>(query: SQL): Promise<T[]> => {
    const result = (await orm.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };
}

function handle(
  kind: Database['kind'],
  orm: Orm,
  engine: Pick<Database, 'migrate' | 'exclusively' | 'close' | 'image'>,
): Database {
  return {
    kind,
    orm,
    rows: queryRows(orm),
    transaction: (work) =>
      orm.transaction((tx) =>
        work({ kind, orm: tx as unknown as Orm, rows: queryRows(tx as unknown as Orm) }),
      ),
    ...engine,
  };
}

async function holdingAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const session = await pool.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await session.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
    }
  } finally {
    session.release();
  }
}

/** The settings of the shop's sessions on a PostgreSQL server (`-c name=value` each). */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/**
 * `databaseUrl` without its startup options, and SESSION_OPTIONS followed by them (the last of a
 * name wins): node-postgres lets the URL's `options` replace the ones it is given.
 */
export function withSessionOptions(databaseUrl: string): {
  connectionString: string;
  options: string;
} {
  const [base, query = ''] = databaseUrl.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  const fromUrl = params.get('options');
  params.delete('options');
  const rest = params.toString();
  return {
    connectionString: rest ? `${base}?${rest}` : base,
    options: fromUrl ? `${SESSION_OPTIONS} ${fromUrl}` : SESSION_OPTIONS,
  };
}

/**
 * Opens the shop's database: a PostgreSQL server when `databaseUrl` is given, otherwise the
 * embedded PGlite (in `dataDir`, or in memory), created with the pg_trgm extension the
 * migrations need. A `dataDir` is this process's until close: another process opening it gets
 * DataDirInUseError (data-dir-lock.ts).
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      // The shop's statements are short (docs/operations.md, "Running the shop"). PostgreSQL's
      // defaults suit long reports: a statement whose estimated cost passes jit_above_cost is
      // JIT-compiled first, and a scan estimated large starts parallel workers, either of which
      // took longer than running a search's statement (up to 95 ms; a search reading titles
      // size by size started workers for each size). Startup options of each connection.
      ...withSessionOptions(options.databaseUrl),
      max: options.poolSize ?? 10,
    });
    let closing = false;
    // A connection that breaks while idle in the pool (the server restarted, the network
    // dropped, an operator terminated it) is reported on the pool. The pool discards it and opens
    // another on demand; without a listener, Node would treat the event as an uncaught error and
    // stop the whole server. Queries that were running fail on their own, and their requests
    // answer 503 database_unavailable (app.ts).
    pool.on('error', (error) => {
      if (closing) return;
      consoleLog('database: an idle connection failed and is replaced', error);
    });
    const orm = drizzleNodePg({ client: pool, schema });
    const exclusively = <T>(work: () => Promise<T>) => holdingAdvisoryLock(pool, work);
    return {
      ...handle('postgres', orm as unknown as Orm, {
        // drizzle's migrator creates its schema and table with IF NOT EXISTS and the first
        // migration its extension, all of which race between sessions (a duplicate key in
        // pg_extension or pg_namespace): one process at a time.
        migrate: () =>
          exclusively(() => migrateNodePg(orm, { migrationsFolder: MIGRATIONS_FOLDER })),
        exclusively,
        close: () => {
          closing = true;
          return pool.end();
        },
      }),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.image ? { loadDataDir: options.image } : {}),
    extensions: { pg_trgm },
    // PGlite's default buffer pool is tiny; a search touching a few thousand rows would
    // otherwise read most of them from its virtual file system on every query.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  const orm = drizzlePglite({ client, schema });
  return handle('pglite', orm as unknown as Orm, {
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusively: (work) => work(),
    close: () => client.close().finally(release),
    image: () => client.dumpDataDir('none'),
  });
}
