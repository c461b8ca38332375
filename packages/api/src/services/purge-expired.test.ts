import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openTestDatabase } from '../../test/support/database';
import { hashSessionId, isSessionAlive, sessionExpiry } from '../auth/session-token';
import { loadConfig } from '../config/app';
import type { Database } from '../db/client';
import { PURGE_BATCH, purgeExpired } from './purge-expired';
import { findSession } from './sessions';

const config = loadConfig({});
const { idleMs, absoluteMs } = config.accounts.session;
const HOUR = 60 * 60 * 1000;
const NOW = new Date('2026-11-20T03:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase('migrated'));
}, 120_000);
afterAll(async () => {
  await drop();
});
beforeEach(async () => {
  await db.rows(sql`delete from sessions`);
  await db.rows(sql`delete from throttle_counters`);
});

/** A session created and last seen at the given times, stored as the shop stores one. */
async function storeSession(cookie: string, createdAt: Date, lastSeenAt: Date): Promise<number> {
  const expiresAt = sessionExpiry({ createdAt }, lastSeenAt, config.accounts.session);
  const [row] = await db.rows<{ id: number }>(
    sql`insert into sessions (id_hash, csrf_token, created_at, last_seen_at, expires_at)
        values (${hashSessionId(cookie)}, 'token', ${createdAt}, ${lastSeenAt}, ${expiresAt})
        returning id::int as id`,
  );
  return row?.id ?? 0;
}

async function sessionIds(): Promise<string[]> {
  const rows = await db.rows<{ id_hash: string }>(sql`select id_hash from sessions`);
  return rows.map((row) => row.id_hash).sort();
}

describe('purgeExpired', () => {
  test('deletes idle and over-age sessions with their guest carts, and keeps live ones, which still open', async () => {
    const live = 'live-session-id-000000';
    const busy = 'busy-session-id-000000';
    await storeSession(live, ago(HOUR), ago(60_000));
    await storeSession(busy, ago(absoluteMs - HOUR), ago(60_000));
    const idle = await storeSession('idle-session-id-000000', ago(idleMs * 2), ago(idleMs));
    await storeSession('aged-session-id-000000', ago(absoluteMs), ago(60_000));
    await db.rows(sql`insert into carts (session_id) values (${idle})`);

    expect(await purgeExpired({ db, config }, NOW)).toEqual({ sessions: 2, throttleCounters: 0 });
    expect(await sessionIds()).toEqual([hashSessionId(busy), hashSessionId(live)].sort());
    const [carts] = await db.rows<{ n: number }>(sql`select count(*)::int as n from carts`);
    expect(carts?.n).toBe(0);
    for (const cookie of [live, busy]) {
      expect(await findSession(db, cookie, NOW, config.accounts.session)).toBeDefined();
    }
    // Purging again is harmless: nothing else is over.
    expect(await purgeExpired({ db, config }, NOW)).toEqual({ sessions: 0, throttleCounters: 0 });
  });

  test('never deletes a session findSession would still accept (the boundary of each lifetime)', async () => {
    const justAlive = await storeSession('alive-by-1ms-000000000', ago(HOUR), ago(idleMs - 1));
    await storeSession('idle-exactly-000000000', ago(HOUR * 3), ago(idleMs));
    await purgeExpired({ db, config }, NOW);
    const rows = await db.rows<{ id: number; created_at: string; last_seen_at: string }>(
      sql`select id::int as id, created_at::text, last_seen_at::text from sessions`,
    );
    expect(rows.map((row) => row.id)).toEqual([justAlive]);
    const row = rows[0];
    expect(
      row &&
        isSessionAlive(
          { createdAt: new Date(row.created_at), lastSeenAt: new Date(row.last_seen_at) },
          NOW,
          config.accounts.session,
        ),
    ).toBe(true);
  });

  test('deletes throttle counters whose window has passed and that hold no lock; keeps counting and locked ones', async () => {
    const longest = Math.max(
      ...Object.values(config.accounts.throttle).map((policy) => policy.windowMs),
    );
    const counters: [string, Date, Date | null][] = [
      ['gone:window-passed', ago(longest), null],
      ['gone:lock-ended', ago(longest + HOUR), ago(1)],
      ['kept:counting', ago(longest - 1), null],
      ['kept:locked', ago(longest + HOUR), new Date(NOW.getTime() + HOUR)],
    ];
    for (const [key, windowStartedAt, lockedUntil] of counters) {
      await db.rows(
        sql`insert into throttle_counters (key, failures, window_started_at, locked_until)
            values (${key}, 3, ${windowStartedAt}, ${lockedUntil})`,
      );
    }
    expect(await purgeExpired({ db, config }, NOW)).toEqual({ sessions: 0, throttleCounters: 2 });
    const kept = await db.rows<{ key: string }>(
      sql`select key from throttle_counters order by key`,
    );
    expect(kept.map((row) => row.key)).toEqual(['kept:counting', 'kept:locked']);
  });

  test('works through more rows than one batch, and instances purging at once delete each row once', async () => {
    const expired = PURGE_BATCH * 2 + 37;
    await db.rows(
      sql`insert into sessions (id_hash, csrf_token, created_at, last_seen_at, expires_at)
          select 'expired-' || n, 'token', ${ago(absoluteMs)}, ${ago(idleMs)}, ${ago(idleMs - HOUR)}
          from generate_series(1, ${expired}) as n`,
    );
    await storeSession('live-session-id-000001', ago(HOUR), ago(60_000));
    const runs = await Promise.all([1, 2, 3].map(() => purgeExpired({ db, config }, NOW)));
    expect(runs.reduce((sum, run) => sum + run.sessions, 0)).toBe(expired);
    expect(await sessionIds()).toEqual([hashSessionId('live-session-id-000001')]);
  });
});
