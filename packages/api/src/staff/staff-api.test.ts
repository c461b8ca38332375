import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/support/accounts-app';
import { insertMember, OPERATOR_TOKEN, ordersTestApp } from '../../test/support/orders-app';
import { insertStaffMember, type StaffFixture, totpCode } from '../../test/support/staff';
import { txRows } from '../db/tx';
import { routeDocsOf } from '../lib/route-doc';
import { API_TOKEN_PREFIX } from './credentials';

// The back office's staff identity end to end: login with TOTP, lock-out, CSRF, roles on every
// documented admin route, API tokens, the owner's staff management and the audit log.

const t = ordersTestApp();
let owner: StaffFixture;
beforeAll(async () => {
  owner = await insertStaffMember(t, 'owner');
}, 60_000);

const MINUTE = 60_000;

/** Moves the shop's clock by `ms` (a new TOTP step every 30 s). */
function advance(ms: number) {
  t.setNow(new Date(t.deps.now().getTime() + ms));
}

async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function errorCode(res: Response): Promise<string | undefined> {
  return ((await res.json()) as { error?: { code: string } }).error?.code;
}

async function auditCount(): Promise<number> {
  const [row] = await txRows<{ n: number }>(
    t.db.orm,
    sql`select count(*)::int as n from audit_log`,
  );
  return row?.n ?? 0;
}

function login(client: TestClient, body: Record<string, unknown>) {
  return client.request('POST', '/api/admin/session/', body);
}

/** Every documented /api/admin/ route that needs a staff identity, with its path filled in. */
function staffRoutes() {
  return routeDocsOf(t.app.routes)
    .filter((r) => r.path.startsWith('/api/admin/') && r.access?.startsWith('staff:'))
    .map((r) => ({
      ...r,
      url: r.path.replace(/\{[^}]+\}/g, '1'),
      body: r.method === 'get' ? undefined : {},
    }));
}

describe('staff login', () => {
  it('answers the session with its CSRF token and sets the staff cookie, never the member one', async () => {
    const client = new TestClient(t.app, '192.0.2.60');
    const staff = await insertStaffMember(t, 'staff');
    advance(30_000);
    const res = await login(client, {
      email: staff.email.toUpperCase(),
      password: staff.password,
      totp: await totpCode(t, staff.totpSecret),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(
      /^staff_sid=[\w-]{22}; .*HttpOnly; SameSite=Strict/,
    );
    const body = await json(res);
    expect(body).toMatchObject({
      staff: { id: staff.id, role: 'staff', totpEnabled: true },
      totpEnabled: true,
      totpRequired: false,
      passwordChangeRequired: false,
    });
    client.csrfToken = body.csrfToken as string;
    const session = await client.get('/api/admin/session/');
    expect(await json(session)).toEqual(body);
    expect((await client.request('DELETE', '/api/admin/session/')).status).toBe(204);
    expect(await errorCode(await client.get('/api/admin/session/'))).toBe('staff_unauthorized');
  });

  it('asks for the code after a right password, refuses a wrong or replayed code', async () => {
    const staff = await insertStaffMember(t, 'read_only');
    const client = new TestClient(t.app, '192.0.2.61');
    const noCode = await login(client, { email: staff.email, password: staff.password });
    expect(noCode.status).toBe(401);
    expect(await errorCode(noCode)).toBe('totp_code_required');
    const wrongPassword = await login(client, { email: staff.email, password: 'not it at all' });
    expect(await errorCode(wrongPassword)).toBe('invalid_credentials');
    // The helper logged in with this step's code: the same code again is a replay.
    const replay = await login(client, {
      email: staff.email,
      password: staff.password,
      totp: await totpCode(t, staff.totpSecret),
    });
    expect(await errorCode(replay)).toBe('invalid_credentials');
    const wrong = await login(client, {
      email: staff.email,
      password: staff.password,
      totp: '000000',
    });
    expect(await errorCode(wrong)).toBe('invalid_credentials');
    advance(30_000);
    const next = await login(client, {
      email: staff.email,
      password: staff.password,
      totp: await totpCode(t, staff.totpSecret),
    });
    expect(next.status).toBe(200);
  });

  it('locks the account after 5 wrong logins, even for the right password, until the owner unlocks it', async () => {
    const staff = await insertStaffMember(t, 'staff');
    const client = new TestClient(t.app, '192.0.2.62');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await login(client, { email: staff.email, password: `wrong ${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    advance(30_000);
    const right = { email: staff.email, password: staff.password };
    const locked = await login(client, { ...right, totp: await totpCode(t, staff.totpSecret) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const listed = await json<{ items: { id: number; locked: boolean }[] }>(
      await owner.client.get('/api/admin/staff/'),
    );
    expect(listed.items.find((s) => s.id === staff.id)?.locked).toBe(true);

    const before = await auditCount();
    const unlocked = await owner.client.post(`/api/admin/staff/${staff.id}/unlock/`);
    expect(unlocked.status).toBe(200);
    expect(await json(unlocked)).toMatchObject({ id: staff.id, locked: false });
    expect(await auditCount()).toBe(before + 1);
    const after = await login(client, { ...right, totp: await totpCode(t, staff.totpSecret) });
    expect(after.status).toBe(200);
  });

  it('lets a lock run out after 15 minutes', async () => {
    const staff = await insertStaffMember(t, 'staff');
    const client = new TestClient(t.app, '192.0.2.63');
    for (let i = 0; i < 5; i++) await login(client, { email: staff.email, password: `wrong ${i}` });
    advance(15 * MINUTE + 1000);
    const res = await login(client, {
      email: staff.email,
      password: staff.password,
      totp: await totpCode(t, staff.totpSecret),
    });
    expect(res.status).toBe(200);
  });
});

describe('two-factor enrolment', () => {
  it('lets a new staff member do nothing but enrol, then change the temporary password', async () => {
    const created = await owner.client.post('/api/admin/staff/', {
      email: 'New.Staff@Example.jp',
      name: '新人 花子',
      role: 'staff',
      temporaryPassword: 'temporary pass 1',
    });
    expect(created.status).toBe(201);
    const member = await json<{ id: number; email: string; passwordChangeRequired: boolean }>(
      created,
    );
    expect(member).toMatchObject({ email: 'new.staff@example.jp', passwordChangeRequired: true });

    const client = new TestClient(t.app, '192.0.2.64');
    const res = await login(client, {
      email: 'new.staff@example.jp',
      password: 'temporary pass 1',
    });
    expect(res.status).toBe(200);
    const session = await json<{ csrfToken: string; totpRequired: boolean }>(res);
    expect(session.totpRequired).toBe(true);
    client.csrfToken = session.csrfToken;
    /** The new member's own password change, from `currentPassword` to 'my own password 1'. */
    const changePassword = (currentPassword: string) =>
      client.post('/api/admin/me/password/', {
        currentPassword,
        newPassword: 'my own password 1',
      });
    expect(await errorCode(await client.get('/api/admin/audit-log/'))).toBe('staff_totp_required');
    expect(await errorCode(await changePassword('temporary pass 1'))).toBe('staff_totp_required');

    const enrol = await client.post('/api/admin/me/totp/');
    expect(enrol.status).toBe(200);
    const { secret, uri, qrCodeSvg } = await json<{
      secret: string;
      uri: string;
      qrCodeSvg: string;
    }>(enrol);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(uri).toContain(secret);
    expect(qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stored = await txRows<{ totp_secret: string }>(
      t.db.orm,
      sql`select totp_secret from staff_accounts where id = ${member.id}`,
    );
    expect(stored[0]?.totp_secret).not.toContain(secret);

    expect(
      await errorCode(await client.post('/api/admin/me/totp/confirm/', { code: '123456' })),
    ).toBe('totp_invalid');
    const code = await generate({ secret, epoch: Math.floor(t.deps.now().getTime() / 1000) });
    const confirmed = await client.post('/api/admin/me/totp/confirm/', { code });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toMatchObject({
      totpEnabled: true,
      totpRequired: false,
      passwordChangeRequired: true,
    });
    expect(await errorCode(await client.post('/api/admin/me/totp/'))).toBe('totp_already_enabled');
    expect(await errorCode(await client.get('/api/admin/audit-log/'))).toBe(
      'staff_password_change_required',
    );

    expect(await errorCode(await changePassword('not the password'))).toBe('invalid_password');
    const changed = await changePassword('temporary pass 1');
    expect(changed.status).toBe(204);
    expect((await client.get('/api/admin/audit-log/')).status).toBe(200);

    // From now on a login needs the code.
    advance(30_000);
    const again = new TestClient(t.app, '192.0.2.65');
    const noCode = await login(again, {
      email: 'new.staff@example.jp',
      password: 'my own password 1',
    });
    expect(await errorCode(noCode)).toBe('totp_code_required');
    const withCode = await login(again, {
      email: 'new.staff@example.jp',
      password: 'my own password 1',
      totp: await generate({ secret, epoch: Math.floor(t.deps.now().getTime() / 1000) }),
    });
    expect(withCode.status).toBe(200);
  });
});

describe("the owner's two-factor reset", () => {
  it("turns a lost phone's two-factor off: sessions end, the next login must enrol again", async () => {
    const staff = await insertStaffMember(t, 'staff');
    const res = await owner.client.request('PATCH', `/api/admin/staff/${staff.id}/`, {
      resetTotp: true,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: staff.id, totpEnabled: false });
    expect(await errorCode(await staff.client.get('/api/admin/audit-log/'))).toBe(
      'staff_unauthorized',
    );
    const client = new TestClient(t.app, '192.0.2.66');
    const again = await login(client, { email: staff.email, password: staff.password });
    expect(await json(again)).toMatchObject({ totpEnabled: false, totpRequired: true });
    const [entry] = await txRows<{ before: unknown; after: unknown }>(
      t.db.orm,
      sql`select before, after from audit_log where target_id = ${String(staff.id)} order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ before: { totpEnabled: true }, after: { totpEnabled: false } });
    expect(
      await errorCode(
        await owner.client.request('PATCH', `/api/admin/staff/${staff.id}/`, {
          resetTotp: false,
        }),
      ),
    ).toBe('invalid_json');
  });
});

describe('CSRF on staff session writes', () => {
  it('refuses a write without the session token or from another origin; an API token needs none', async () => {
    const path = `/api/admin/staff/${owner.id}/unlock/`;
    const before = await auditCount();
    const noToken = await owner.client.request('POST', path, {}, { 'x-csrf-token': '' });
    expect(await errorCode(noToken)).toBe('csrf_token');
    const wrongToken = await owner.client.request(
      'POST',
      path,
      {},
      { 'x-csrf-token': 'x'.repeat(43) },
    );
    expect(await errorCode(wrongToken)).toBe('csrf_token');
    const crossSite = await owner.client.request(
      'POST',
      path,
      {},
      { origin: 'https://evil.example' },
    );
    expect(await errorCode(crossSite)).toBe('csrf_origin');
    expect(await auditCount()).toBe(before);
    expect((await owner.client.post(path)).status).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });
});

describe('who may use /api/admin/', () => {
  it('refuses a logged-in member on every documented staff route', async () => {
    const member = await insertMember(t);
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(11);
    for (const route of routes) {
      const res = await member.client.request(route.method.toUpperCase(), route.url, route.body);
      expect(await errorCode(res), `${route.method} ${route.url}`).toBe('staff_unauthorized');
    }
  });

  it('refuses read-only staff every write and staff every owner route, on every documented route', async () => {
    const readOnly = await insertStaffMember(t, 'read_only');
    const staff = await insertStaffMember(t, 'staff');
    const before = await auditCount();
    for (const route of staffRoutes()) {
      for (const [who, refused] of [
        [readOnly, ['staff:write', 'staff:owner']],
        [staff, ['staff:owner']],
      ] as const) {
        if (!(refused as readonly string[]).includes(route.access ?? '')) continue;
        const res = await who.client.request(route.method.toUpperCase(), route.url, route.body);
        expect(await errorCode(res), `${who.role} ${route.method} ${route.url}`).toBe(
          'staff_forbidden',
        );
      }
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuses a disabled staff member at once, and an unknown bearer token', async () => {
    const staff = await insertStaffMember(t, 'staff');
    expect((await staff.client.get('/api/admin/audit-log/')).status).toBe(200);
    const disabled = await owner.client.request('PATCH', `/api/admin/staff/${staff.id}/`, {
      disabled: true,
    });
    expect(await json(disabled)).toMatchObject({ disabled: true });
    expect(await errorCode(await staff.client.get('/api/admin/audit-log/'))).toBe(
      'staff_unauthorized',
    );
    const unknown = await t.app.request('/api/admin/audit-log/', {
      headers: { authorization: `Bearer ${API_TOKEN_PREFIX}nothing` },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('keeps the legacy OPERATOR_TOKEN as an owner named OPERATOR_TOKEN', async () => {
    const res = await t.app.request('/api/admin/staff/', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(res.status).toBe(200);
  });
});

describe('API tokens', () => {
  function bearer(token: string, method = 'GET', path = '/api/admin/audit-log/', body?: unknown) {
    return t.app.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  it('acts with its role, shows itself once, and stops working when revoked', async () => {
    const created = await owner.client.post('/api/admin/tokens/', {
      name: '在庫同期',
      role: 'staff',
    });
    expect(created.status).toBe(201);
    const { token, secret } = await json<{ token: { id: number; prefix: string }; secret: string }>(
      created,
    );
    expect(secret.startsWith(token.prefix)).toBe(true);
    expect((await bearer(secret)).status).toBe(200);
    expect(await errorCode(await bearer(secret, 'GET', '/api/admin/staff/'))).toBe(
      'staff_forbidden',
    );
    // No CSRF token needed: a browser never sends it by itself.
    expect(
      (
        await bearer(secret, 'POST', '/api/admin/tokens/', {
          name: '子トークン',
          role: 'read_only',
        })
      ).status,
    ).toBe(201);

    const listed = await json<{ items: { id: number; lastUsedAt: string | null }[] }>(
      await owner.client.get('/api/admin/tokens/'),
    );
    const row = listed.items.find((i) => i.id === token.id);
    expect(row?.lastUsedAt).toBe(t.deps.now().toISOString());
    expect(JSON.stringify(listed)).not.toContain(secret);

    const revoked = await owner.client.request('DELETE', `/api/admin/tokens/${token.id}/`);
    expect(revoked.status).toBe(200);
    expect(await errorCode(await bearer(secret))).toBe('staff_unauthorized');
    expect(
      await errorCode(await owner.client.request('DELETE', `/api/admin/tokens/${token.id}/`)),
    ).toBe('api_token_revoked');
  });

  it('never has more than its owner: no higher role at creation, and the lower one after a demotion', async () => {
    const staff = await insertStaffMember(t, 'staff');
    expect(
      await errorCode(await staff.client.post('/api/admin/tokens/', { name: 'x', role: 'owner' })),
    ).toBe('api_token_role_too_high');
    const res = await staff.client.post('/api/admin/tokens/', { name: '出荷' });
    const { token, secret } = await json<{ token: { id: number; role: string }; secret: string }>(
      res,
    );
    expect(token.role).toBe('staff');
    const tokenPath = `/api/admin/tokens/${token.id}/`;
    expect((await bearer(secret, 'DELETE', '/api/admin/tokens/999999/')).status).toBe(404);
    await owner.client.request('PATCH', `/api/admin/staff/${staff.id}/`, { role: 'read_only' });
    // read_only may still read and manage its own tokens, but not write the shop.
    expect((await bearer(secret)).status).toBe(200);
    const other = await insertStaffMember(t, 'staff');
    const othersToken = await json<{ token: { id: number } }>(
      await other.client.post('/api/admin/tokens/', { name: '他人' }),
    );
    expect(
      await errorCode(await bearer(secret, 'DELETE', `/api/admin/tokens/${othersToken.token.id}/`)),
    ).toBe('api_token_not_found');
    const own = await json<{ items: { id: number }[] }>(
      await bearer(secret, 'GET', '/api/admin/tokens/'),
    );
    expect(own.items.map((i) => i.id)).toEqual([token.id]);
    expect((await bearer(secret, 'DELETE', tokenPath)).status).toBe(200);
  });

  it('is refused for the legacy OPERATOR_TOKEN, which owns no account', async () => {
    const res = await bearer(OPERATOR_TOKEN, 'POST', '/api/admin/tokens/', { name: 'x' });
    expect(await errorCode(res)).toBe('staff_account_required');
  });
});

describe("the owner's staff management", () => {
  it('refuses a second account with the same address in another case', async () => {
    const res = await owner.client.post('/api/admin/staff/', {
      email: owner.email.toUpperCase(),
      name: '重複',
      role: 'staff',
      temporaryPassword: 'temporary pass 2',
    });
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('staff_email_taken');
  });

  it('never leaves the shop without an enabled owner', async () => {
    const before = await auditCount();
    const owners = await txRows<{ id: number }>(
      t.db.orm,
      sql`select id from staff_accounts where role = 'owner' and disabled_at is null`,
    );
    expect(owners).toEqual([{ id: owner.id }]);
    const self = await owner.client.request('PATCH', `/api/admin/staff/${owner.id}/`, {
      role: 'staff',
    });
    expect(self.status).toBe(409);
    expect(await errorCode(self)).toBe('last_owner');
    expect(
      await errorCode(
        await owner.client.request('PATCH', `/api/admin/staff/${owner.id}/`, { disabled: true }),
      ),
    ).toBe('last_owner');
    expect(await auditCount()).toBe(before);
    expect(
      await errorCode(
        await owner.client.request('PATCH', '/api/admin/staff/999999/', { name: 'x' }),
      ),
    ).toBe('staff_not_found');
  });

  it('decides two owners demoting each other at once: exactly one stays owner', async () => {
    const a = await insertStaffMember(t, 'owner');
    const b = await insertStaffMember(t, 'owner');
    // Leave a and b as the only enabled owners.
    await owner.client.request('PATCH', `/api/admin/staff/${owner.id}/`, { role: 'staff' });
    const results = await Promise.all([
      a.client.request('PATCH', `/api/admin/staff/${b.id}/`, { role: 'staff' }),
      b.client.request('PATCH', `/api/admin/staff/${a.id}/`, { role: 'staff' }),
      a.client.request('PATCH', `/api/admin/staff/${a.id}/`, { disabled: true }),
      b.client.request('PATCH', `/api/admin/staff/${b.id}/`, { disabled: true }),
    ]);
    const owners = await txRows<{ id: number }>(
      t.db.orm,
      sql`select id from staff_accounts where role = 'owner' and disabled_at is null`,
    );
    expect(owners).toHaveLength(1);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    // The others were refused as the first change left them: the last owner (409), no longer an
    // owner (403), disabled (401); never a deadlock's 500.
    expect(results.map((r) => r.status).filter((s) => ![200, 401, 403, 409].includes(s))).toEqual(
      [],
    );
    // Give the suite its owner back.
    const survivor = owners[0]?.id === a.id ? a : b;
    advance(30_000);
    const back = await survivor.client.request('PATCH', `/api/admin/staff/${owner.id}/`, {
      role: 'owner',
    });
    expect(back.status).toBe(200);
  });
});

describe('the audit log', () => {
  it('keeps one entry per write without passwords, secrets or tokens', async () => {
    const before = await auditCount();
    const created = await json<{ id: number }>(
      await owner.client.post('/api/admin/staff/', {
        email: `audited-${Date.now().toString(36)}@example.jp`,
        name: '監査 太郎',
        role: 'read_only',
        temporaryPassword: 'secret temporary 9',
      }),
    );
    await owner.client.request('PATCH', `/api/admin/staff/${created.id}/`, {
      name: '監査 次郎',
      role: 'staff',
    });
    const { secret } = await json<{ secret: string }>(
      await owner.client.post('/api/admin/tokens/', { name: '監査用' }),
    );
    expect(await auditCount()).toBe(before + 3);
    const dump = JSON.stringify(await txRows(t.db.orm, sql`select before, after from audit_log`));
    expect(dump).not.toContain('secret temporary 9');
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(owner.password);
    expect(dump).not.toContain('$scrypt$');

    const page = await json<{
      items: { action: string; targetId: string; before: unknown; after: unknown; actor: string }[];
    }>(await owner.client.get(`/api/admin/audit-log/?targetType=staff&targetId=${created.id}`));
    expect(page.items.map((i) => i.action)).toEqual(['staff.update', 'staff.create']);
    expect(page.items[0]).toMatchObject({
      actor: owner.name,
      before: { name: '監査 太郎', role: 'read_only' },
      after: { name: '監査 次郎', role: 'staff' },
    });
  });

  it('pages through every entry newest first by cursor, each once', async () => {
    const all = await txRows<{ id: number }>(
      t.db.orm,
      sql`select id::int as id from audit_log order by at desc, id desc`,
    );
    expect(all.length).toBeGreaterThan(5);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page: { items: { id: number }[]; nextCursor: string | null } = await json(
        await owner.client.get(`/api/admin/audit-log/${query}`),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.map((r) => r.id));
    const byAction = await json<{ items: { action: string }[] }>(
      await owner.client.get('/api/admin/audit-log/?action=api_token.create'),
    );
    expect(byAction.items.length).toBeGreaterThan(0);
    expect(byAction.items.every((i) => i.action === 'api_token.create')).toBe(true);
    expect(await errorCode(await owner.client.get('/api/admin/audit-log/?cursor=bm9wZQ'))).toBe(
      'invalid_cursor',
    );
    expect(await errorCode(await owner.client.get('/api/admin/audit-log/?limit=500'))).toBe(
      'invalid_query',
    );
  });
});
