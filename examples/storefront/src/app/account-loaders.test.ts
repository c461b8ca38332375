import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SESSION } from '../testing/fake-api';
import { ACCOUNT_LOADERS } from './account-loaders';
import { createApiClient, type LoaderContext, type PageLoader } from './page-loaders';

// The account loaders against a stand-in API that knows one member by the cookie `sid=member`;
// without it every member-only endpoint answers 401 as the real API does.

const MEMBER = {
  id: 7,
  email: 'member@example.jp',
  name: '栞 花子',
  birthDate: null,
  isAdult: true,
  createdAt: '2026-01-01T00:00:00Z',
};

function api() {
  const calls: string[] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    calls.push(c.req.path + (new URL(c.req.url).search || ''));
    const guest = c.req.header('cookie') !== 'sid=member';
    if (guest && c.req.path !== '/api/session/')
      return c.json({ error: { code: 'login_required', message: 'ログインしてください。' } }, 401);
    await next();
  });
  app.get('/api/session/', (c) =>
    c.json({ ...SESSION, member: c.req.header('cookie') === 'sid=member' ? MEMBER : null }),
  );
  app.get('/api/points/', (c) => c.json({ balance: 0, entries: [] }));
  return { app, calls };
}

async function load(
  loader: PageLoader | undefined,
  options: { member: boolean; href: string; params?: Record<string, string> },
) {
  const { app, calls } = api();
  const url = new URL(options.href, 'http://shop.test');
  const context: LoaderContext = {
    params: options.params ?? {},
    search: url.searchParams,
    href: options.href,
    api: createApiClient(async (path, init) =>
      app.request(path, {
        ...init,
        headers: { ...(options.member ? { cookie: 'sid=member' } : {}) },
      }),
    ),
    settings: {} as LoaderContext['settings'],
    now: new Date('2026-12-01T03:00:00Z'),
  };
  if (!loader) throw new Error('no loader');
  return { result: await loader(context), calls };
}

describe('/checkout/complete', () => {
  it('asks a guest to log in, before any call that would start a session', async () => {
    const { result, calls } = await load(ACCOUNT_LOADERS.checkoutComplete, {
      member: false,
      href: '/checkout/complete',
    });
    expect(result.data).toEqual({ guest: true });
    expect(calls).not.toContain('/api/session/');
  });

  it('tells the page which member is logged in', async () => {
    const { result } = await load(ACCOUNT_LOADERS.checkoutComplete, {
      member: true,
      href: '/checkout/complete',
    });
    expect(result.data).toEqual({ guest: false, memberId: MEMBER.id });
    expect(result.head.noindex).toBe(true);
  });
});
