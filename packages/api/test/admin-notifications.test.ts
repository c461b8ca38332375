import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCHEDULED_JOBS } from '../src/notifications/schedule';
import { createToken } from '../src/staff/tokens';
import { adminRequest, auditEntries } from './support/admin';
import { createOrdersTestApp, OPERATOR_TOKEN, type OrdersTestApp } from './support/orders-app';
import { insertStaffMember, type StaffFixture } from './support/staff';

// The back office's mail outbox (docs/backoffice.md, "Notifications"): counts by state, the dead
// and failing mails as keyset pages, a dead mail's retry (staff who may write, one audit entry per
// retry, exactly one of two retries at once: run on PostgreSQL too), and the operator API's
// outbox routes taking staff API tokens.

let t: OrdersTestApp;
let readOnly: StaffFixture;
let staff: StaffFixture;
beforeAll(async () => {
  t = await createOrdersTestApp();
  readOnly = await insertStaffMember(t, 'read_only');
  staff = await insertStaffMember(t, 'staff');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let made = 0;
/** An outbox row in `state` after `attempts` claims (straight in the database). */
async function insertMail(state: string, attempts: number, lastError: string | null) {
  made += 1;
  const at = t.deps.now().toISOString();
  const [row] = await t.db.rows<{ id: number }>(
    sql`insert into notification_outbox
          (kind, recipient, dedupe_key, state, attempts, last_error, next_attempt_at, created_at, updated_at)
        values ('order_confirmation', 'someone@example.jp', ${`outbox-test-${made}`}, ${state},
          ${attempts}, ${lastError}, ${at}, ${at}, ${at})
        returning id::int as id`,
  );
  if (row === undefined) throw new Error('no outbox row');
  return row.id;
}

interface Page {
  counts: Record<string, number>;
  items: {
    id: number;
    state: string;
    attempts: number;
    lastError: string | null;
    nextAttemptAt: string | null;
  }[];
  nextCursor: string | null;
}

async function page(path: string): Promise<Page> {
  const res = await adminRequest(t.app, 'GET', path);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as Page;
}

async function outboxCount(): Promise<Record<string, number>> {
  const rows = await t.db.rows<{ state: string; n: number }>(
    sql`select state, count(*)::int as n from notification_outbox group by state`,
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

describe('the outbox list', () => {
  let dead: number[];
  let failing: number;
  let sent: number;
  let fresh: number;
  beforeAll(async () => {
    await t.db.rows(sql`delete from notification_outbox`);
    dead = [
      await insertMail('dead', 8, 'EMESSAGE 451'),
      await insertMail('dead', 1, 'EENVELOPE 550'),
      await insertMail('dead', 8, 'ECONNECTION'),
    ];
    failing = await insertMail('queued', 2, 'ECONNECTION');
    fresh = await insertMail('queued', 0, null);
    sent = await insertMail('sent', 1, null);
  });

  test('counts every state and lists dead and failing mails newest first, never sent or fresh ones, with no address', async () => {
    const all = await page('notifications/');
    expect(all.counts).toEqual({ queued: 2, sending: 0, sent: 1, dead: 3, skipped: 0 });
    expect(all.items.map((m) => m.id)).toEqual([failing, ...dead].sort((a, b) => b - a));
    expect(all.items.map((m) => m.id)).not.toContain(sent);
    expect(all.items.map((m) => m.id)).not.toContain(fresh);
    expect(all.items.find((m) => m.id === failing)?.nextAttemptAt).not.toBeNull();
    expect(all.items.find((m) => m.id === dead[0])?.nextAttemptAt).toBeNull();
    expect(all.nextCursor).toBeNull();
    expect(JSON.stringify(all)).not.toContain('@');

    const onlyDead = await page('notifications/?state=dead');
    expect(onlyDead.items.map((m) => m.id)).toEqual([...dead].reverse());
    const onlyFailing = await page('notifications/?state=failing');
    expect(onlyFailing.items.map((m) => m.id)).toEqual([failing]);

    // The dashboard counts the same mails the page lists.
    const dashboard = await adminRequest(t.app, 'GET', 'dashboard/');
    expect(((await dashboard.json()) as { notifications: unknown }).notifications).toEqual({
      failing: onlyFailing.items.length,
      dead: onlyDead.items.length,
    });
  });

  test('pages with the cursor: each mail once, in order, however many arrive meanwhile', async () => {
    const first = await page('notifications/?state=dead&limit=2');
    expect(first.items.map((m) => m.id)).toEqual([dead[2], dead[1]]);
    expect(first.nextCursor).not.toBeNull();
    const newer = await insertMail('dead', 8, 'EMESSAGE 451');
    const second = await page(`notifications/?state=dead&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((m) => m.id)).toEqual([dead[0]]);
    expect(second.nextCursor).toBeNull();
    await t.db.rows(sql`delete from notification_outbox where id = ${newer}`);
  });

  test('refuses a bad state, limit or cursor with a Japanese message', async () => {
    for (const query of ['state=sent', 'limit=0', 'limit=201', 'cursor=%21%21']) {
      const res = await adminRequest(t.app, 'GET', `notifications/?${query}`);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, query).toBe(400);
      expect(body.error.message, query).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
  });

  test('read-only staff may look', async () => {
    const res = await readOnly.client.get('/api/admin/notifications/');
    expect(res.status).toBe(200);
  });
});

describe('retrying a dead mail', () => {
  test('queues it due now with its attempts reset, and records one audit entry under the staff member', async () => {
    const id = await insertMail('dead', 8, 'EMESSAGE 451');
    const before = (await auditEntries(t.db, 'notification.')).length;
    const res = await staff.client.post(`/api/admin/notifications/${id}/retry/`, {});
    const body = (await res.json()) as { id: number; state: string; attempts: number };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ id, state: 'queued', attempts: 0 });
    const [row] = await t.db.rows<{ state: string; attempts: number; due: boolean }>(
      sql`select state, attempts, next_attempt_at <= ${t.deps.now().toISOString()} as due
          from notification_outbox where id = ${id}`,
    );
    expect(row).toEqual({ state: 'queued', attempts: 0, due: true });
    const entries = await auditEntries(t.db, 'notification.');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toEqual({
      actor: staff.name,
      action: 'notification.retry',
      targetType: 'notification',
      targetId: String(id),
      before: { state: 'dead', attempts: 8, lastError: 'EMESSAGE 451' },
      after: { state: 'queued', attempts: 0 },
    });
  });

  test('read-only staff cannot retry: 403, the mail stays dead, no audit entry', async () => {
    const id = await insertMail('dead', 8, 'EMESSAGE 451');
    const before = (await auditEntries(t.db)).length;
    const res = await readOnly.client.post(`/api/admin/notifications/${id}/retry/`, {});
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('staff_forbidden');
    const [row] = await t.db.rows<{ state: string }>(
      sql`select state from notification_outbox where id = ${id}`,
    );
    expect(row?.state).toBe('dead');
    expect((await auditEntries(t.db)).length).toBe(before);
  });

  test('refuses an unknown mail (404) and one not dead (409), changing nothing and auditing nothing', async () => {
    const queued = await insertMail('queued', 2, 'ECONNECTION');
    const before = { audit: (await auditEntries(t.db)).length, outbox: await outboxCount() };
    for (const [id, status, code] of [
      [999_999_999, 404, 'notification_not_found'],
      [queued, 409, 'notification_not_dead'],
    ] as const) {
      const res = await adminRequest(t.app, 'POST', `notifications/${id}/retry/`);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect([res.status, body.error.code]).toEqual([status, code]);
      expect(body.error.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    expect({ audit: (await auditEntries(t.db)).length, outbox: await outboxCount() }).toEqual(
      before,
    );
  });

  test('ten retries of one dead mail at once: exactly one queues it and is audited, the others are 409', async () => {
    const id = await insertMail('dead', 8, 'EMESSAGE 451');
    const before = (await auditEntries(t.db, 'notification.')).length;
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await adminRequest(t.app, 'POST', `notifications/${id}/retry/`);
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(9);
    expect((await auditEntries(t.db, 'notification.')).length).toBe(before + 1);
  });
});

describe('the operator API outbox with staff API tokens', () => {
  test('a read-only token reads the outbox but cannot retry; a staff token retries, audited under its owner', async () => {
    const actorOf = (s: StaffFixture) =>
      ({ staffId: s.id, name: s.name, role: s.role, via: 'session' }) as const;
    const readToken = (await createToken(t.deps, actorOf(readOnly), { name: 'outbox read' }))
      .secret;
    const writeToken = (await createToken(t.deps, actorOf(staff), { name: 'outbox retry' })).secret;
    const id = await insertMail('dead', 8, 'EMESSAGE 451');
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    const read = await t.app.request('/api/operator/notifications/', {
      headers: bearer(readToken),
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { dead: { id: number }[] }).dead.map((m) => m.id)).toContain(id);

    const refused = await t.app.request(`/api/operator/notifications/${id}/retry/`, {
      method: 'POST',
      headers: bearer(readToken),
    });
    expect(refused.status).toBe(403);

    const before = (await auditEntries(t.db, 'notification.')).length;
    const retried = await t.app.request(`/api/operator/notifications/${id}/retry/`, {
      method: 'POST',
      headers: bearer(writeToken),
    });
    expect(retried.status).toBe(200);
    const entries = await auditEntries(t.db, 'notification.');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({ actor: staff.name, targetId: String(id) });

    // The legacy OPERATOR_TOKEN still works, as an owner.
    const legacy = await t.app.request('/api/operator/notifications/', {
      headers: bearer(OPERATOR_TOKEN),
    });
    expect(legacy.status).toBe(200);
  });
});

describe('the scheduled jobs', () => {
  test("every job the code runs, with its row's last run and failure; read-only staff may look", async () => {
    const [failed, fresh] = SCHEDULED_JOBS;
    if (failed === undefined || fresh === undefined) throw new Error('fewer than two jobs');
    await t.db.rows(sql`delete from scheduled_jobs`);
    await t.db.rows(
      sql`insert into scheduled_jobs (name, interval_ms, next_run_at, last_started_at, last_finished_at, last_error)
          values (${failed.name}, ${failed.intervalMs}, '2026-11-20T03:15:00Z', '2026-11-20T03:00:00Z',
            '2026-11-20T03:00:01Z', 'Error: connection refused')`,
    );
    const res = await readOnly.client.get('/api/admin/jobs/');
    const body = (await res.json()) as { items: Record<string, unknown>[] };
    expect(res.status).toBe(200);
    expect(body.items.map((job) => job.name)).toEqual(SCHEDULED_JOBS.map((job) => job.name));
    expect(body.items[0]).toEqual({
      name: failed.name,
      intervalMs: failed.intervalMs,
      nextRunAt: '2026-11-20T03:15:00.000Z',
      lastStartedAt: '2026-11-20T03:00:00.000Z',
      lastFinishedAt: '2026-11-20T03:00:01.000Z',
      lastError: 'Error: connection refused',
    });
    // A job no instance has registered yet: no row, nothing run.
    expect(body.items[1]).toEqual({
      name: fresh.name,
      intervalMs: fresh.intervalMs,
      nextRunAt: null,
      lastStartedAt: null,
      lastFinishedAt: null,
      lastError: null,
    });
  });
});
