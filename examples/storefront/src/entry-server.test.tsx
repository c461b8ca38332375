import { ROUTES } from '@shop/rules';
import { Hono } from 'hono';
import { lazy, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createStorefrontServer } from '../server/app';
import type { ClientAssets, PageRequest, StorefrontSettings } from '../server/ssr-contract';
import { renderDocument, renderWhole, resolvePage } from './entry-server';
import type { PagePayload } from './lib/page-payload';

// A stand-in API with the endpoints these pages call; everything else answers 404 as the real
// API does. The cart is a session's: a request without the session cookie starts one.
const api = new Hono();
api.get('/api/cart/', (c) => {
  const known = c.req.header('cookie') === 'sid=guest-1';
  if (!known) c.header('Set-Cookie', 'sid=guest-2; Path=/; HttpOnly; SameSite=Lax');
  return c.json({
    count: known ? 1 : 0,
    lines: known
      ? [
          {
            variationId: 11,
            productId: 1,
            productSlug: 'hoshi-1',
            title: '星の栞 1',
            variationName: '通常版',
            unitPrice: 1100,
            pointValue: 11,
            quantity: 1,
            stock: 5,
            canReserve: false,
            sellStartDate: null,
            releaseDatePrecision: 'day',
            isAdult: false,
            coverImage: '/covers/hoshi-1.webp',
            categories: ['コミック'],
          },
        ]
      : [],
  });
});
api.get('/api/contact/', (c) =>
  c.json({ categories: ['ご注文について'], botCheck: { enabled: false, siteKey: null } }),
);
api.get('/api/news/:slug/', (c) =>
  c.req.param('slug') === 'broken'
    ? c.json({ error: { code: 'internal_error', message: 'boom' } }, 500)
    : c.req.param('slug') === 'away'
      ? c.json(
          { error: { code: 'database_unavailable', message: 'しばらくお待ちください。' } },
          503,
        )
      : c.json(
          { error: { code: 'not_found', message: 'お探しのお知らせは見つかりませんでした。' } },
          404,
        ),
);

const settings: StorefrontSettings = {
  devPages: false,
  development: false,
  ipFilter: { enabled: false, allowedAddress: '' },
  build: { id: 'test-build', timestamp: 0 },
  redirects: [],
  cardGateway: { kind: 'sandbox' },
  publicOrigin: 'https://shop.example',
};

const NONCE = 'dGVzdC1ub25jZQ==';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function request(href: string, overrides: Partial<PageRequest> = {}): PageRequest {
  return {
    href,
    userAgent: BROWSER,
    addresses: ['203.0.113.7', '203.0.113.7'],
    api: async (path, init) => api.request(path, init),
    settings,
    ...overrides,
  };
}

const assets: ClientAssets = {
  entry: '/assets/entry.js',
  css: ['/assets/entry.css'],
  preloads: () => [],
  routeChunk: (page) => `/assets/${page}.js`,
};

async function html(payload: PagePayload, req: PageRequest) {
  const { status, body } = await renderDocument(payload, req, assets, NONCE);
  return { status, text: await new Response(body).text() };
}

describe('resolvePage', () => {
  it('renders a route with its loader data and head', async () => {
    const page = await resolvePage(request('/contact'));
    expect(page.status).toBe(200);
    expect(page.page).toBe('contact');
    expect(page.head.title).toBe(ROUTES.contact.title);
    expect(page.data).toEqual({
      categories: ['ご注文について'],
      botCheck: { enabled: false, siteKey: null },
    });
  });

  it('answers 404 with the spec message for a path no route matches or a bad parameter, without asking the API', async () => {
    // A bundle id that is not an order number is a bad parameter of ROUTES.bundle.
    for (const path of [
      '/nowhere?x=1',
      '/ranking/hourly',
      '/mypage/bundle/new',
      '/mypage/bundle/0',
      '/mypage/bundle/12a',
    ]) {
      const fetchApi = vi.fn(request(path).api);
      const page = await resolvePage(request(path, { api: fetchApi }));
      expect(page.status).toBe(404);
      expect(page.error?.message).toBe(`Page Not Found: ${path}`);
      expect(fetchApi).not.toHaveBeenCalled();
    }
  });

  it('hides the developer pages unless configuration enables them', async () => {
    expect((await resolvePage(request('/dev/process'))).status).toBe(404);
    const enabled = request('/dev/process', { settings: { ...settings, devPages: true } });
    expect((await resolvePage(enabled)).status).toBe(200);
  });

  it('refuses a client the IP filter does not allow with 403 and the spec message', async () => {
    const filtered = { ...settings, ipFilter: { enabled: true, allowedAddress: '198.51.100.1' } };
    const page = await resolvePage(request('/lp/faq', { settings: filtered }));
    expect(page.status).toBe(403);
    expect(page.error?.message).toBe('お使いの環境は権限がありません。(1)');
  });

  it('applies a server-rule redirect after the route check', async () => {
    const redirecting = {
      ...settings,
      redirects: [{ from: '/renewal', to: '/home/temporary/renewal', status: 302 as const }],
    };
    const page = await resolvePage(request('/renewal', { settings: redirecting }));
    expect(page.redirect).toEqual({ status: 302, location: '/home/temporary/renewal' });
  });

  it('turns an API 404 into a 404 page and an API failure into a 500 without a stack', async () => {
    const missing = await resolvePage(request('/news/gone'));
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe('Page Not Found: /news/gone');
    const broken = await resolvePage(request('/news/broken'));
    expect(broken.status).toBe(500);
    expect(broken.error?.stack).toBeUndefined();
  });

  it('shows a shopper Japanese prose on the 500 screen, never the exception text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = await resolvePage(request('/news/broken'));
    // internal_error: the screen's own headline and hint say it all.
    expect(broken.error?.message).toBe('');
    const away = await resolvePage(request('/news/away'));
    expect(away.status).toBe(500);
    expect(away.error?.message).toBe('しばらくお待ちください。');
    for (const page of [broken, away]) expect(page.error?.message).not.toMatch(/API \d+ for/);
    const dev = request('/news/away', { settings: { ...settings, development: true } });
    expect((await resolvePage(dev)).error?.message).toBe('API 503 for /api/news/away/');
    vi.restoreAllMocks();
  });

  it('keeps the stack of a failure in development only', async () => {
    const dev = request('/news/broken', { settings: { ...settings, development: true } });
    expect((await resolvePage(dev)).error?.stack).toContain('ApiError');
  });

  it("gives a crawler whose page data failed the page's layout, empty, and a 5xx; the error is logged", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const crawler = { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
    const broken = request('/news/broken', crawler);
    const page = await resolvePage(broken);
    expect(page).toMatchObject({
      page: 'news',
      layout: 'default',
      status: 500,
      renderFailed: true,
    });
    expect(page.error).toBeUndefined();
    expect(log).toHaveBeenCalledWith('page /news/broken failed to load', expect.any(Error));
    const { status, text } = await html(page, broken);
    expect(status).toBe(500);
    expect(text).toContain(
      '<main id="main" class="container page"><!--$--><!--/$--><!--$--><!--/$--></main>',
    );
    expect(text).not.toContain('サーバー上で技術的なエラーが発生しました');
    expect(text).not.toContain('HTTP 500');
    expect((await resolvePage(request('/news/away', crawler))).status).toBe(503);
    // A missing page is no rendering error: the crawler gets its 404 as anyone does.
    expect((await resolvePage(request('/news/gone', crawler))).error?.statusCode).toBe(404);
    log.mockRestore();
  });

  it('marks crawler requests so render errors are reported, not fatal', async () => {
    const page = await resolvePage(
      request('/lp/faq', { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
    );
    expect(page.crawler).toBe(true);
  });
});

describe('renderDocument', () => {
  it('streams a document with the title, description, OGP and the boot payload', async () => {
    const req = request('/lp/faq');
    const { status, text } = await html(await resolvePage(req), req);
    expect(status).toBe(200);
    expect(text).toMatch(/^<!doctype html><html lang="ja">/);
    expect(text).toContain(`<title>${ROUTES.faq.title} | `);
    expect(text).toContain('<meta property="og:url" content="https://shop.example/lp/faq"');
    expect(text).toContain('<h1 class="page-title">よくあるご質問</h1>');
    expect(text).toContain(`<script id="__SHOP_BOOT__" type="application/json" nonce="${NONCE}">`);
    expect(text).toContain('--primary-700:#15803d');
  });

  it('asks for the entry and the route chunks from the end of the body, once the page has painted', async () => {
    const req = request('/lp/faq');
    const { text } = await renderDocument(
      await resolvePage(req),
      req,
      { ...assets, preloads: (page) => [`/assets/${page}.js`, '/assets/shared.js'] },
      NONCE,
    ).then(async ({ body }) => ({ text: await new Response(body).text() }));
    // Nothing in the head: the document's first images get the bandwidth before the scripts.
    expect(text.slice(0, text.indexOf('</head>'))).not.toMatch(/<script|modulepreload/);
    const loader = new RegExp(
      `</script><script nonce="${NONCE}">(.*?)</script></body></html>$`,
    ).exec(text)?.[1];
    expect(loader).toBeDefined();

    // Runs the loader against a document that records what it appends.
    function run(visibilityState: 'visible' | 'hidden') {
      const appended: Record<string, string>[] = [];
      const listeners: (() => void)[] = [];
      const frames: (() => void)[] = [];
      const timers: (() => void)[] = [];
      const document = {
        visibilityState,
        head: { appendChild: (el: Record<string, string>) => appended.push({ ...el }) },
        createElement: (tag: string) => ({ tag }),
        addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      };
      new Function('document', 'requestAnimationFrame', 'setTimeout', loader as string)(
        document,
        (f: () => void) => frames.push(f),
        (f: () => void) => timers.push(f),
      );
      return { appended, listeners, frames, timers };
    }
    const expected = [
      { tag: 'link', rel: 'modulepreload', href: '/assets/faq.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/shared.js' },
      { tag: 'script', type: 'module', src: '/assets/entry.js' },
    ];
    const shown = run('visible');
    expect(shown.appended).toEqual([]);
    for (const frame of shown.frames) frame();
    expect(shown.appended).toEqual([]);
    for (const timer of shown.timers) timer();
    expect(shown.appended).toEqual(expected);
    // Hidden before the frame came: once, not twice.
    for (const listener of shown.listeners) listener();
    expect(shown.appended).toEqual(expected);
    // A tab opened in the background paints nothing: it asks at once.
    expect(run('hidden').appended).toEqual(expected);
  });

  it('keeps the browser from sending a script form itself, first thing in the body', async () => {
    const req = request('/lp/faq');
    const { text } = await renderDocument(await resolvePage(req), req, assets, NONCE).then(
      async ({ body }) => ({ text: await new Response(body).text() }),
    );
    const guard = new RegExp(`<body><script nonce="${NONCE}">(.*?)</script><div id="root">`).exec(
      text,
    )?.[1];
    expect(guard).toBeDefined();
    const listeners: ((event: unknown) => void)[] = [];
    new Function('document', guard as string)({
      addEventListener: (type: string, listener: (event: unknown) => void, capture: boolean) => {
        expect([type, capture]).toEqual(['submit', true]);
        listeners.push(listener);
      },
    });
    const submit = (form: { noValidate: boolean }) => {
      const preventDefault = vi.fn();
      for (const listener of listeners) listener({ target: form, preventDefault });
      return preventDefault.mock.calls.length;
    };
    // A form the shop submits with script (noValidate) never; the search boxes (GET) still work
    // without script.
    expect(submit({ noValidate: true })).toBe(1);
    expect(submit({ noValidate: false })).toBe(0);
  });

  it("names the page's route chunk in the boot data, and none for an error page", async () => {
    const boot = (text: string) =>
      JSON.parse(
        /<script id="__SHOP_BOOT__" type="application\/json"[^>]*>(.*?)<\/script>/.exec(
          text,
        )?.[1] ?? '{}',
      );
    const faq = request('/lp/faq');
    expect(boot((await html(await resolvePage(faq), faq)).text).chunk).toBe('/assets/faq.js');
    const missing = request('/nowhere');
    expect(boot((await html(await resolvePage(missing), missing)).text).chunk).toBeUndefined();
  });

  it('inlines the stylesheet when the assets carry its text, escaped, and names it by a disabled link', async () => {
    const req = request('/lp/faq');
    const inline = { ...assets, css: ['/assets/app.css'], inlineCss: 'body{color:red}</style><p>' };
    const { body } = await renderDocument(await resolvePage(req), req, inline, NONCE);
    const text = await new Response(body).text();
    expect(text).toContain(`<style nonce="${NONCE}">body{color:red}<\\/style><p></style>`);
    // Vite's preload of a lazy part then finds the sheet and adds no second copy of it.
    expect(text.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/app.css" disabled>',
    ]);
  });

  it('sends a part that suspends on the server in place, not after the rest to be moved by script', async () => {
    // A lazily loaded part's first render since the process started (the checkout's address
    // texts): painted empty and filled in later, it shifted the page.
    const Part = lazy(
      () =>
        new Promise<{ default: () => ReactNode }>((resolve) =>
          setTimeout(() => resolve({ default: () => <p>ご自宅</p> }), 30),
        ),
    );
    const stream = await renderWhole(
      <main>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
        <p>配送方法</p>
      </main>,
      { nonce: NONCE, onError: (error) => expect.fail(String(error)) },
    );
    const text = await new Response(stream).text();
    expect(text).toMatch(/<main><!--\$--><p>ご自宅<\/p><!--\/\$--><p>配送方法<\/p><\/main>/);
    expect(text).not.toContain('<template');
  });

  it('renders the error screen for an error payload', async () => {
    const req = request('/nowhere');
    const { status, text } = await html(await resolvePage(req), req);
    expect(status).toBe(404);
    expect(text).toContain('ページが見つかりません');
    expect(text).toContain('HTTP 404');
  });

  it('escapes the boot JSON so data cannot close the script tag', async () => {
    const req = request('/nowhere</script><script>alert(1)</script>');
    const { text } = await html(await resolvePage(req), req);
    const boot = text.slice(text.indexOf('__SHOP_BOOT__'));
    expect(boot).not.toContain('</script><script>alert(1)');
  });
});

describe('createStorefrontServer', () => {
  const app = createStorefrontServer({
    api,
    ssr: { resolvePage, renderDocument, preloadPages: async () => undefined },
    assets,
    clientDir: '/nonexistent',
    settings,
  });

  it('sends the page status with the HTML', async () => {
    const ok = await app.request('/lp/faq');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/html');
    expect((await app.request('/ranking/hourly')).status).toBe(404);
  });

  it('answers payload JSON for client-side navigation with the same status', async () => {
    const ok = await app.request('/_payload/contact.json');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as PagePayload).page).toBe('contact');
    const missing = await app.request('/_payload/nowhere.json');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as PagePayload).error?.message).toBe('Page Not Found: /nowhere');
  });

  it("renders /cart with the session's cart", async () => {
    const response = await app.request('/cart', { headers: { cookie: 'sid=guest-1' } });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('星の栞 1');
    expect(text).toContain('在庫商品（すぐにお届け）');
    expect(text).not.toContain('カートを読み込んでいます');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('hands on the session a first visit to /cart starts, with the page and its payload', async () => {
    for (const path of ['/cart', '/_payload/cart.json']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('set-cookie'), path).toContain('sid=guest-2');
    }
    expect(await (await app.request('/cart')).text()).toContain('カートに商品はありません。');
  });

  it('redirects by a server rule with the rule status', async () => {
    const redirecting = createStorefrontServer({
      api,
      ssr: { resolvePage, renderDocument, preloadPages: async () => undefined },
      assets,
      clientDir: '/nonexistent',
      settings: { ...settings, redirects: [{ from: '/renewal', to: '/lp/faq', status: 301 }] },
    });
    const response = await redirecting.request('/renewal');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/lp/faq');
  });
});
