import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { accountsTestApp, randomSuffix, readJson } from '../../test/support/accounts-app';
import { hashPassword } from '../auth/password';
import { hashSessionId } from '../auth/session-token';
import { members, sessions } from '../db/schema/accounts';
import type { ErrorBody } from '../errors';
import type { SessionSummary } from '../services/session-summary';

const t = accountsTestApp();

const email = () => `member-${randomSuffix()}@example.jp`;

describe('GET /api/session/', () => {
  test('starts a guest session with an HttpOnly SameSite=Lax cookie and a CSRF token', async () => {
    const res = await t.app.request('/api/session/');
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{22};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const body = await readJson<SessionSummary>(res);
    expect(body.member).toBeNull();
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('stores only a hash of the session id', async () => {
    const client = t.client();
    await client.register(email());
    const id = client.cookie?.split('=')[1] ?? '';
    const byPlain = await t.deps.db.orm.select().from(sessions).where(eq(sessions.idHash, id));
    const byHash = await t.deps.db.orm
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(id)));
    expect(byPlain).toHaveLength(0);
    expect(byHash).toHaveLength(1);
  });

  test('keeps the same session for a returning cookie', async () => {
    const client = t.client();
    const first = await client.session();
    const cookie = client.cookie;
    const second = await client.session();
    expect(client.cookie).toBe(cookie);
    expect(second.csrfToken).toBe(first.csrfToken);
  });

  test('marks the cookie Secure with the __Host- prefix when configured', async () => {
    const secure = {
      ...t.deps,
      config: { ...t.deps.config, accounts: { ...t.deps.config.accounts, secureCookie: true } },
    };
    const { createApp } = await import('../app');
    const res = await createApp(secure).request('/api/session/');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toContain('Secure');
  });
});

describe('registration and login', () => {
  test('registers, logs the session in and answers the member', async () => {
    const client = t.client();
    const address = email();
    await client.session();
    const guestCookie = client.cookie;
    const res = await client.register(address.toUpperCase(), 'correct horse battery', {
      birthDate: '2000-01-01',
    });
    expect(res.status).toBe(201);
    const body = await readJson<SessionSummary>(res);
    expect(body.member).toMatchObject({
      email: address,
      name: '山田 太郎',
      birthDate: '2000-01-01',
      isAdult: true,
    });
    expect(client.cookie).not.toBe(guestCookie);
    const [row] = await t.deps.db.orm.select().from(members).where(eq(members.email, address));
    expect(row?.passwordHash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect(row?.passwordHash).not.toContain('correct horse');
  });

  test('refuses a second registration of the same address with 409', async () => {
    const client = t.client();
    const address = email();
    expect((await client.register(address)).status).toBe(201);
    const other = t.client();
    const res = await other.register(address);
    expect(res.status).toBe(409);
    expect((await readJson<ErrorBody>(res)).error.code).toBe('email_taken');
  });

  test('refuses weak passwords and malformed addresses with Japanese messages', async () => {
    const client = t.client();
    const short = await client.register(email(), 'short');
    expect(short.status).toBe(400);
    const body = await readJson<ErrorBody>(short);
    expect(body.error.code).toBe('invalid_json');
    expect(JSON.stringify(body.error.details)).toContain('8文字以上');
    expect((await client.register('not-an-address')).status).toBe(400);
  });

  test('a minor is registered but not adult', async () => {
    const client = t.client();
    const res = await client.register(email(), 'correct horse battery', {
      birthDate: '2010-05-05',
    });
    expect((await readJson<SessionSummary>(res)).member?.isAdult).toBe(false);
  });

  test('login rotates the session id and the CSRF token, and the old cookie opens nothing', async () => {
    const address = email();
    await t.client().register(address);
    const client = t.client('198.51.100.7');
    const guest = await client.session();
    const guestCookie = client.cookie;
    const res = await client.login(address, 'correct horse battery');
    expect(res.status).toBe(200);
    const body = await readJson<SessionSummary>(res);
    expect(body.member?.email).toBe(address);
    expect(client.cookie).not.toBe(guestCookie);
    expect(body.csrfToken).not.toBe(guest.csrfToken);

    const stale = await t.app.request('/api/session/', { headers: { cookie: guestCookie ?? '' } });
    expect((await readJson<SessionSummary>(stale)).member).toBeNull();
    const fresh = await client.session();
    expect(fresh.member?.email).toBe(address);
  });

  test('a wrong password and an unknown address answer the same 401', async () => {
    const address = email();
    await t.client().register(address);
    const client = t.client('198.51.100.8');
    const wrong = await client.login(address, 'wrong password!');
    const unknown = await client.login(email(), 'wrong password!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  test('logout ends the session server-side', async () => {
    const address = email();
    const client = t.client();
    await client.register(address);
    const cookie = client.cookie ?? '';
    const res = await client.post('/api/session/logout/');
    expect(res.status).toBe(204);
    const after = await t.app.request('/api/session/', { headers: { cookie } });
    expect((await readJson<SessionSummary>(after)).member).toBeNull();
  });

  test('a hash made with older parameters is replaced at login', async () => {
    const address = email();
    await t.client().register(address);
    const old = await hashPassword('correct horse battery', { logN: 9, r: 8, p: 1 });
    await t.deps.db.orm
      .update(members)
      .set({ passwordHash: old })
      .where(eq(members.email, address));
    expect((await t.client().login(address, 'correct horse battery')).status).toBe(200);
    const [row] = await t.deps.db.orm.select().from(members).where(eq(members.email, address));
    expect(row?.passwordHash).toMatch(/^\$scrypt\$ln=10,/);
  });
});

describe('expiry', () => {
  test('a session idle for longer than the idle window is over', async () => {
    const client = t.client();
    await client.register(email());
    t.advance(t.deps.config.accounts.session.idleMs - 60_000);
    expect((await client.session()).member).not.toBeNull();
    t.advance(t.deps.config.accounts.session.idleMs - 60_000);
    expect((await client.session()).member).not.toBeNull();
    t.advance(t.deps.config.accounts.session.idleMs + 1);
    expect((await client.session()).member).toBeNull();
  });

  test('a busy session still ends at its absolute lifetime', async () => {
    const client = t.client();
    await client.register(email());
    const { idleMs, absoluteMs } = t.deps.config.accounts.session;
    let elapsed = 0;
    while (elapsed + idleMs / 2 < absoluteMs) {
      t.advance(idleMs / 2);
      elapsed += idleMs / 2;
      expect((await client.session()).member).not.toBeNull();
    }
    t.advance(absoluteMs - elapsed + 1);
    expect((await client.session()).member).toBeNull();
  });
});

describe('CSRF protection', () => {
  test('a state-changing request without the token is refused and changes nothing', async () => {
    const client = t.client();
    await client.session();
    const res = await client.request(
      'POST',
      '/api/user/register/',
      { email: email(), password: 'correct horse battery', name: '山田' },
      { 'x-csrf-token': '' },
    );
    expect(res.status).toBe(403);
    expect((await readJson<ErrorBody>(res)).error.code).toBe('csrf_token');
  });

  test('a wrong token is refused', async () => {
    const client = t.client();
    await client.session();
    const res = await client.request(
      'POST',
      '/api/session/logout/',
      {},
      { 'x-csrf-token': 'A'.repeat(43) },
    );
    expect(res.status).toBe(403);
  });

  test('a request with no session at all is refused', async () => {
    const res = await t.app.request('/api/session/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email(), password: 'x' }),
    });
    expect(res.status).toBe(403);
    expect((await readJson<ErrorBody>(res)).error.code).toBe('csrf_session');
  });

  test('another origin is refused even with the right token', async () => {
    const client = t.client();
    await client.session();
    const res = await client.request(
      'POST',
      '/api/session/logout/',
      {},
      {
        origin: 'https://evil.example',
        'x-csrf-token': client.csrfToken ?? '',
      },
    );
    expect(res.status).toBe(403);
    expect((await readJson<ErrorBody>(res)).error.code).toBe('csrf_origin');
    const crossSite = await client.request(
      'POST',
      '/api/session/logout/',
      {},
      {
        'sec-fetch-site': 'cross-site',
        'x-csrf-token': client.csrfToken ?? '',
      },
    );
    expect(crossSite.status).toBe(403);
  });

  test('our own origin with the right token passes', async () => {
    const client = t.client();
    await client.session();
    const res = await client.request(
      'POST',
      '/api/session/logout/',
      {},
      {
        origin: 'http://localhost',
        'x-csrf-token': client.csrfToken ?? '',
      },
    );
    expect(res.status).toBe(204);
  });
});

describe('login throttle', () => {
  test('locks an account after 5 wrong passwords with 429, Retry-After and a Japanese message', async () => {
    const address = email();
    await t.client().register(address);
    const { maxAttempts, lockMs } = t.deps.config.accounts.throttle.loginAccount;
    const statuses: number[] = [];
    for (let i = 0; i < maxAttempts; i++) {
      // From different addresses: the account's own counter locks it.
      statuses.push(
        (await t.client(`203.0.113.${i + 1}`).login(address, 'wrong password!')).status,
      );
    }
    expect(statuses).toEqual([...Array(maxAttempts - 1).fill(401), 429]);
    const locked = await t.client('203.0.113.99').login(address, 'correct horse battery');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(lockMs / 1000);
    const body = await readJson<ErrorBody>(locked);
    expect(body.error.code).toBe('too_many_attempts');
    expect(body.error.message).toBe(
      'ログインの試行回数が上限に達しました。15分後にもう一度お試しください。',
    );

    t.advance(lockMs);
    expect((await t.client('203.0.113.99').login(address, 'correct horse battery')).status).toBe(
      200,
    );
  });

  test('locks an address that tries many accounts', async () => {
    const { maxAttempts } = t.deps.config.accounts.throttle.loginAddress;
    const client = t.client('203.0.113.200');
    for (let i = 0; i < maxAttempts - 1; i++) {
      expect((await client.login(email(), 'wrong password!')).status).toBe(401);
    }
    expect((await client.login(email(), 'wrong password!')).status).toBe(429);
    expect((await t.client('203.0.113.201').login(email(), 'wrong password!')).status).toBe(401);
  });
});
