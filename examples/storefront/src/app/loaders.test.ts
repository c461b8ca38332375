import { ROUTES } from '@shop/rules';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api-client';
import { SESSION } from '../testing/fake-api';
import { PAGE_LOADERS } from './loaders';
import type { LoaderContext, PageLoader } from './page-loaders';
import { hasRouteChunk } from './route-chunks';

describe('PAGE_LOADERS', () => {
  it('takes each loader file beside a page of a route of ROUTES, by its file name', async () => {
    const ids = Object.keys(PAGE_LOADERS);
    expect(ids).toContain('productList');
    expect(ids).toContain('checkoutComplete');
    for (const id of ids) {
      expect(Object.keys(ROUTES), id).toContain(id);
      expect(await hasRouteChunk(id), id).toBe(true);
    }
  });
});

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
  app.get('/api/points/', (c) => c.json({ balance: 0, nextExpiry: null, entries: [] }));
  app.get('/api/favorites/:type/', (c) =>
    c.json({ total: 120, page: Number(c.req.query('page') ?? '1'), pageSize: 40, items: [] }),
  );
  app.get('/api/orders/', (c) => c.json({ orders: [], total: 0, page: 1, pageSize: 20 }));
  app.get('/api/reserveshop/bundle/', (c) =>
    c.json({
      orders: [],
      groups: [
        { group: 1, shippingMethod: 'home_delivery', address: null, orderIds: [12, 13] },
        { group: 2, shippingMethod: 'yu_packet', address: null, orderIds: [20, 21, 22] },
      ],
    }),
  );
  return { app, calls };
}

/** Runs a page loader for `href` as the member, or as a guest with `guest: true`. */
async function load(
  loader: PageLoader | undefined,
  href: string,
  options: { guest?: boolean; params?: Record<string, string> } = {},
) {
  const { app, calls } = api();
  const url = new URL(href, 'http://shop.test');
  const context: LoaderContext = {
    params: options.params ?? {},
    search: url.searchParams,
    href,
    api: createApiClient(async (path, init) =>
      app.request(path, {
        ...init,
        headers: { ...(options.guest ? {} : { cookie: 'sid=member' }) },
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
    const { result, calls } = await load(PAGE_LOADERS.checkoutComplete, '/checkout/complete', {
      guest: true,
    });
    expect(result.data).toEqual({ guest: true });
    expect(calls).not.toContain('/api/session/');
  });

  it('tells the page which member is logged in', async () => {
    const { result } = await load(PAGE_LOADERS.checkoutComplete, '/checkout/complete');
    expect(result.data).toEqual({ guest: false, memberId: MEMBER.id });
    expect(result.head.noindex).toBe(true);
  });
});

describe('/mypage/order-history', () => {
  it('lists the groups of orders the API would bundle, for the page to offer', async () => {
    const { result } = await load(PAGE_LOADERS.orderHistory, '/mypage/order-history');
    expect(result.data).toMatchObject({
      guest: false,
      bundleGroups: [
        [12, 13],
        [20, 21, 22],
      ],
    });
  });
});

describe('/mypage/order-history pages', () => {
  it('asks the API for the page in the address, up to the last page its order list takes', async () => {
    for (const [page, asked] of [
      ['9999', '9999'],
      ['10000', '1'],
      ['02', '1'],
    ]) {
      const { calls } = await load(
        PAGE_LOADERS.orderHistory,
        `/mypage/order-history?page=${page}&state=reserved`,
      );
      expect(calls).toContain(`/api/orders/?page=${asked}&state=reserved`);
    }
  });
});

describe('/mypage/bundle/{id}', () => {
  it("asks the API for the order's group", async () => {
    const { result, calls } = await load(PAGE_LOADERS.bundle, '/mypage/bundle/12', {
      params: { id: '12' },
    });
    expect(calls).toContain('/api/reserveshop/bundle/?orderId=12');
    expect(result.data).toMatchObject({ guest: false, refusal: null });
  });
});

describe('/mypage/favorite/{contentType}', () => {
  it('asks the API for the page in the address and passes on the size the API says', async () => {
    const { result, calls } = await load(
      PAGE_LOADERS.favoriteContent,
      '/mypage/favorite/author?page=3',
      { params: { contentType: 'author' } },
    );
    expect(calls).toContain('/api/favorites/author/?page=3');
    expect(result.data).toMatchObject({ contentType: 'author', total: 120, page: 3, pageSize: 40 });
  });

  it('reads a page number that is none as the first page', async () => {
    const { calls } = await load(PAGE_LOADERS.favorite, '/mypage/favorite?page=x');
    expect(calls).toContain('/api/favorites/product/?page=1');
  });

  it('asks for pages up to 99999, as the catalog lists do', async () => {
    for (const [page, asked] of [
      ['99999', '99999'],
      ['100000', '1'],
    ]) {
      const { calls } = await load(PAGE_LOADERS.favorite, `/mypage/favorite?page=${page}`);
      expect(calls).toContain(`/api/favorites/product/?page=${asked}`);
    }
  });
});
