import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createOrdersTestApp,
  insertMember,
  type OrdersTestApp,
} from '../../test/support/orders-app';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/support/smtp-receiver';
import { loadMailConfig } from '../config/mail';
import type { AppDeps } from '../deps';
import { registerJobs, runDueJobs, type ScheduledJob } from './jobs';
import { mailboxRoutes } from './mailbox-view';
import { createMailer, type Mailer, mailboxDir } from './mailer';
import { enqueueNotifications, type Notice } from './outbox';
import { OUTBOX_RETENTION_DAYS, SCHEDULED_JOBS } from './schedule';
import { signingKey } from './unsubscribe';
import { deliverDue } from './worker';

// Several workers and instances at once (real parallelism on PostgreSQL, where the pool has
// several connections; PGlite runs them one after another): each mail is claimed and sent once,
// a lapsed lease is taken over with the same Message-ID, each scheduled tick runs once. And the
// local mailbox, where mails go without SMTP_URL.

let t: OrdersTestApp;
let smtp: SmtpReceiver;
let key: Buffer;
let memberId: number;
const START = new Date('2026-11-20T03:00:00.000Z');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createOrdersTestApp({ poolSize: 8 });
  t.deps.config.mail = { ...loadMailConfig({ SMTP_URL: smtp.url }), concurrency: 4 };
  key = await signingKey(t.db);
  ({ memberId } = await insertMember(t));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** `count` postponement notices to one member, in one transaction, as a postponement writes them. */
async function queuePostponements(count: number, tag: string): Promise<void> {
  const notices: Notice[] = Array.from({ length: count }, (_, i) => ({
    kind: 'release_postponed',
    to: { memberId },
    payload: {
      orderIds: [i + 1],
      productId: 1,
      title: 'ダンジョン飯 15巻',
      previous: { date: '2026-12-01', precision: 'day' },
      next: { date: '2027-01-01', precision: 'month' },
    },
    dedupeKey: `test:${tag}:${i}`,
  }));
  await t.db.transaction((tx) => enqueueNotifications(tx.orm, notices, t.deps.now()));
}

/** Delivers until a round claims nothing. */
async function drain(deps: AppDeps, mailer: Mailer): Promise<void> {
  while ((await deliverDue(deps, mailer, key, { batch: 10 })) > 0) {}
}

describe('several workers', () => {
  test('four workers in parallel send each of 200 mails exactly once', async () => {
    t.setNow(START);
    await queuePostponements(200, 'parallel');
    const before = smtp.received.length;
    const mailers = Array.from({ length: 4 }, () => createMailer(t.deps.config));
    try {
      await Promise.all(mailers.map((mailer) => drain(t.deps, mailer)));
    } finally {
      for (const mailer of mailers) mailer.close();
    }
    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(200);
    expect(new Set(arrived.map((r) => r.messageId)).size).toBe(200);
    const [counts] = await t.db.rows<{ sent: number; attempts: number }>(
      sql`select count(*) filter (where state = 'sent')::int as sent, sum(attempts)::int as attempts
          from notification_outbox where dedupe_key like 'test:parallel:%'`,
    );
    expect(counts).toEqual({ sent: 200, attempts: 200 });
    expect(arrived[0]?.parsed.subject).toBe('【本の店】発売延期のお知らせ（ダンジョン飯 15巻）');
    expect(arrived[0]?.parsed.text).toContain('2027年1月発売予定');
  }, 120_000);

  test('a worker whose lease lapsed cannot mark what another worker sent again', async () => {
    t.setNow(START);
    await queuePostponements(1, 'lease');
    // The first worker sends, but its relay answers only after the lease has lapsed (as if its
    // instance had stalled between send and mark).
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const real = createMailer(t.deps.config);
    const stalled: Mailer = {
      kind: 'smtp',
      async send(mail, meta) {
        await gate;
        await real.send(mail, meta);
      },
      close: () => {},
    };
    const first = deliverDue(t.deps, stalled, key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    t.setNow(new Date(START.getTime() + t.deps.config.mail.leaseMs + 1));
    const before = smtp.received.length;
    await drain(t.deps, real);
    release();
    await first;
    real.close();
    const copies = smtp.received.slice(before).map((r) => r.messageId);
    // Two copies with one Message-ID: the receiver's deduplication drops the second.
    expect(copies).toHaveLength(2);
    expect(new Set(copies).size).toBe(1);
    const [row] = await t.db.rows<{ state: string; attempts: number }>(
      sql`select state, attempts from notification_outbox where dedupe_key = 'test:lease:0'`,
    );
    expect(row).toEqual({ state: 'sent', attempts: 2 });
  });
});

test('a mail whose lease lapsed on every attempt (its instances died sending it) is dead', async () => {
  t.setNow(START);
  await queuePostponements(1, 'poison');
  const { maxAttempts } = t.deps.config.mail;
  // The last allowed claim, by an instance that died before it could record anything.
  await t.db.rows(
    sql`update notification_outbox set state = 'sending', attempts = ${maxAttempts},
          next_attempt_at = ${START.toISOString()} where dedupe_key = 'test:poison:0'`,
  );
  const mailer = createMailer(t.deps.config);
  const before = smtp.received.length;
  await drain(t.deps, mailer);
  mailer.close();
  const [row] = await t.db.rows<{ state: string; lastError: string }>(
    sql`select state, last_error as "lastError" from notification_outbox where dedupe_key = 'test:poison:0'`,
  );
  expect(row).toEqual({ state: 'dead', lastError: 'lease lapsed on every attempt' });
  expect(smtp.received.length).toBe(before);
});

describe('scheduled jobs', () => {
  test('two instances polling together run each tick once', async () => {
    const runs: string[] = [];
    const job: ScheduledJob = {
      name: `test-${crypto.randomUUID()}`,
      intervalMs: 60_000,
      async run(_deps, now) {
        runs.push(now.toISOString());
      },
    };
    t.setNow(START);
    await registerJobs(t.deps, [job]);
    for (let tick = 0; tick < 10; tick++) {
      t.setNow(new Date(START.getTime() + tick * 60_000));
      // Four polls at once in each tick (two per instance), on the pool's connections.
      await Promise.all(Array.from({ length: 4 }, () => runDueJobs(t.deps, [job])));
    }
    expect(runs).toEqual(
      Array.from({ length: 10 }, (_, i) => new Date(START.getTime() + i * 60_000).toISOString()),
    );
    const [row] = await t.db.rows<{ lastError: string | null; next: string }>(
      sql`select last_error as "lastError", (next_run_at = ${new Date(START.getTime() + 10 * 60_000).toISOString()}::timestamptz)::text as next
          from scheduled_jobs where name = ${job.name}`,
    );
    expect(row).toEqual({ lastError: null, next: 'true' });
  });

  test('a failing job records its error and runs again at the next tick', async () => {
    let calls = 0;
    const job: ScheduledJob = {
      name: `test-${crypto.randomUUID()}`,
      intervalMs: 1000,
      async run() {
        calls++;
        if (calls === 1) throw new Error('boom');
      },
    };
    const logged: string[] = [];
    const deps: AppDeps = { ...t.deps, log: (message) => logged.push(message) };
    t.setNow(START);
    await registerJobs(deps, [job]);
    expect(await runDueJobs(deps, [job])).toEqual([job.name]);
    expect(logged).toEqual([`scheduled job ${job.name} failed`]);
    const [failed] = await t.db.rows<{ lastError: string }>(
      sql`select last_error as "lastError" from scheduled_jobs where name = ${job.name}`,
    );
    expect(failed?.lastError).toBe('Error: boom');
    expect(await runDueJobs(deps, [job])).toEqual([]);
    t.setNow(new Date(START.getTime() + 1000));
    expect(await runDueJobs(deps, [job])).toEqual([job.name]);
    expect(calls).toBe(2);
  });
});

describe('outbox_prune', () => {
  test('deletes sent and skipped mails older than the retention, keeps the rest', async () => {
    const prune = SCHEDULED_JOBS.find((job) => job.name === 'outbox_prune');
    if (prune === undefined) throw new Error('outbox_prune is not scheduled');
    t.setNow(START);
    await queuePostponements(5, 'prune');
    const old = new Date(START.getTime() - (OUTBOX_RETENTION_DAYS * 24 + 1) * 60 * 60 * 1000);
    const recent = new Date(START.getTime() - (OUTBOX_RETENTION_DAYS * 24 - 1) * 60 * 60 * 1000);
    const states: [string, Date][] = [
      ['sent', old],
      ['skipped', old],
      ['dead', old],
      ['queued', old],
      ['sent', recent],
    ];
    for (const [i, [state, at]] of states.entries()) {
      await t.db.rows(
        sql`update notification_outbox set state = ${state}, updated_at = ${at.toISOString()}
            where dedupe_key = ${`test:prune:${i}`}`,
      );
    }
    await prune.run(t.deps, START);
    const left = await t.db.rows<{ key: string }>(
      sql`select dedupe_key as key from notification_outbox where dedupe_key like 'test:prune:%' order by dedupe_key`,
    );
    expect(left.map((r) => r.key)).toEqual(['test:prune:2', 'test:prune:3', 'test:prune:4']);
  });
});

describe('the local mailbox (no SMTP_URL)', () => {
  test('keeps each mail as .eml in the data folder and lists it at /dev/mailbox', async () => {
    const config = { ...t.deps.config, mail: loadMailConfig({}) };
    expect(config.mail.mailboxView).toBe(true);
    const deps: AppDeps = { ...t.deps, config };
    t.setNow(START);
    await queuePostponements(1, 'mailbox');
    const mailer = createMailer(config);
    const arrived = smtp.received.length;
    await drain(deps, mailer);
    mailer.close();
    // Kept, never sent.
    expect(smtp.received.length).toBe(arrived);
    const [row] = await t.db.rows<{ id: number; state: string }>(
      sql`select id::int as id, state from notification_outbox where dedupe_key = 'test:mailbox:0'`,
    );
    expect(row?.state).toBe('sent');
    const eml = await readFile(
      join(mailboxDir(config), `${String(row?.id).padStart(10, '0')}.eml`),
      'utf8',
    );
    expect(eml).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(eml).toContain(`Message-ID: <notification-${row?.id}@localhost>`);

    const view = mailboxRoutes(deps);
    const list = await view.request('/');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('【本の店】発売延期のお知らせ（ダンジョン飯 15巻）');
    expect(html).toContain(`href="/dev/mailbox/${row?.id}"`);
    const one = await view.request(`/${row?.id}`);
    expect(await one.text()).toContain('2027年1月発売予定');
    const raw = await view.request(`/${row?.id}/raw`);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(await raw.text()).toBe(eml);
    expect((await view.request('/999999')).status).toBe(404);
  });

  test('is served only without SMTP_URL and outside production', () => {
    expect(loadMailConfig({}).mailboxView).toBe(true);
    expect(loadMailConfig({ NODE_ENV: 'production' }).mailboxView).toBe(false);
    expect(loadMailConfig({ SMTP_URL: 'smtp://relay.example:587' }).mailboxView).toBe(false);
  });
});
