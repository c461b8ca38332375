// What bench/notify.ts and bench/notify-crash.ts share: a database of their own on the
// PostgreSQL server of DATABASE_URL, a postponement notice queued to N reservation holders in
// one transaction, and the real server in its own process sending to an SMTP receiver here.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadMailConfig } from '../src/config/mail';
import { type Database, openDatabase } from '../src/db/client';
import { messageIdOf } from '../src/notifications/compose';
import { enqueueNotifications, type Notice } from '../src/notifications/outbox';

export function requirePostgres(script: string): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(`${script} needs DATABASE_URL (run it through scripts/with-postgres.sh)`);
    process.exit(1);
  }
  return url;
}

/** A fresh database `name` on the server of `serverUrl` (dropped first if a run left it). */
export async function freshDatabase(
  serverUrl: string,
  name: string,
): Promise<{ db: Database; url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const db = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await db.migrate();
  return {
    db,
    url,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A popular title postponed: `holders` members each holding a reservation get a 発売延期の
 * お知らせ, queued in one transaction as the postponement's would. Returns the Message-IDs the
 * receiver must see, one per mail.
 */
export async function queuePostponement(db: Database, holders: number): Promise<Set<string>> {
  await db.rows(
    sql`insert into members (email, password_hash, name)
        select 'holder-' || n || '@example.jp', '$scrypt$unused', '予約 太郎' || n
        from generate_series(1, ${holders}) n`,
  );
  const members = await db.rows<{ id: number }>(
    sql`select id from members where email like 'holder-%' order by id`,
  );
  const notices: Notice[] = members.map(({ id }, i) => ({
    kind: 'release_postponed',
    to: { memberId: id },
    payload: {
      orderIds: [100_000 + i],
      productId: 1,
      title: '呪術廻戦 30巻',
      previous: { date: '2026-12-04', precision: 'day' },
      next: { date: '2027-01-11', precision: 'month_part' },
    },
    dedupeKey: `release_postponed:bench:${id}`,
  }));
  const ids = await db.transaction(async (tx) => {
    await enqueueNotifications(tx.orm, notices, new Date());
    return tx.rows<{ id: number }>(
      sql`select id::int as id from notification_outbox where dedupe_key like 'release_postponed:bench:%'`,
    );
  });
  // The domain of the server's MAIL_FROM (the default), as the server derives it.
  const config = { mail: loadMailConfig({}) } as Parameters<typeof messageIdOf>[0];
  return new Set(ids.map(({ id }) => messageIdOf(config, id)));
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const serverEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** The real server in its own process (node with tsx's loader: one pid to kill). */
export async function startShopServer(options: {
  port: number;
  databaseUrl: string;
  smtpUrl: string;
  env?: Record<string, string>;
}): Promise<{ child: ChildProcess; logs: string[]; stop(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-notify-'));
  const logs: string[] = [];
  // BENCH_SERVER_NODE_ARGS: node flags for the server alone, e.g. to profile it
  // ('--cpu-prof --cpu-prof-dir=/tmp/prof'; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      SEED_PRODUCTS: '0',
      SMTP_URL: options.smtpUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  // tsx compiles the server on each start: on a busy machine that took over 30 s once.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${options.port}/api/health/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, logs, stop: () => child.kill('SIGTERM') };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  const why = child.exitCode === null ? 'did not start within 90 s' : `exited (${child.exitCode})`;
  throw new Error(`server ${why}:\n${logs.join('')}`);
}
