// @vitest-environment node
// Issue 12, findings 8 and 9 (storefront half): the headers of the storefront's own answers,
// through createStorefrontServer with app.request, and absolute URLs that never come from the
// request's Host.
import { ipFilter } from '@shop/api/ip-filter';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { renderDocument, resolvePage } from '../src/entry-server';
import { headTags } from '../src/lib/head';
import { createStorefrontServer } from './app';
import type { ClientAssets, StorefrontSettings } from './ssr-contract';

const api = new Hono();
api.get('/api/contact/', (c) =>
  c.json({ categories: ['ご注文について'], botCheck: { enabled: false, siteKey: null } }),
);

const settings: StorefrontSettings = {
  devPages: false,
  development: false,
  ipFilter: { enabled: false, allowedAddress: '' },
  build: { id: 'test-build', timestamp: 0 },
  redirects: [{ from: '/renewal', to: '/lp/faq', status: 301 }],
  cardGateway: { kind: 'sandbox' },
  publicOrigin: 'https://shop.example',
};

const assets: ClientAssets = {
  entry: '/assets/entry.js',
  css: ['/assets/entry.css'],
  inlineCss: 'body{margin:0}',
  preloads: () => ['/assets/chunk.js'],
  routeChunk: (page) => `/assets/${page}.js`,
};

function storefront(overrides: Partial<StorefrontSettings> = {}) {
  return createStorefrontServer({
    api,
    ssr: { resolvePage, renderDocument, preloadPages: async () => undefined },
    assets,
    clientDir: '/nonexistent',
    settings: { ...settings, ...overrides },
  });
}

/** A request as a hostile client sends it: its own Host and forwarded host. */
const HOSTILE = {
  headers: {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'http',
  },
};

const HTML_PAGES = ['/lp/faq', '/contact', '/nowhere', '/ranking/hourly', '/mypage/bundle/abc'];

function nonceOf(csp: string | null): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1];
  if (!nonce) throw new Error(`no nonce in ${csp}`);
  return nonce;
}

describe('the security headers of HTML pages', () => {
  const app = storefront();

  it.each(HTML_PAGES)(
    '%s carries the CSP, framing, sniffing and referrer headers',
    async (path) => {
      const response = await app.request(path);
      expect(response.headers.get('content-type')).toContain('text/html');
      const csp = response.headers.get('content-security-policy');
      const nonce = nonceOf(csp);
      expect(csp).toBe(
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          `style-src 'self' 'nonce-${nonce}'`,
          "img-src 'self' data:",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join('; '),
      );
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('puts a fresh nonce on every inline script and style of each answer', async () => {
    const first = await app.request('/lp/faq');
    const second = await app.request('/lp/faq');
    const nonce = nonceOf(first.headers.get('content-security-policy'));
    expect(nonce).not.toBe(nonceOf(second.headers.get('content-security-policy')));
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    const html = await first.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)];
    const styles = [...html.matchAll(/<style([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    expect(styles.length).toBe(2);
    for (const [, attributes] of [...inlineScripts, ...styles]) {
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
    // Nothing inline that a nonce cannot vouch for: no style or event-handler attributes.
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/\son[a-z]+="/);
  });

  it("allows GMO's token script and token API hosts only when GMO is the card gateway", async () => {
    const csp = async (cardGateway: StorefrontSettings['cardGateway']) =>
      (await storefront({ cardGateway }).request('/lp/faq')).headers.get(
        'content-security-policy',
      ) ?? '';
    expect(await csp({ kind: 'sandbox' })).not.toContain('mul-pay.jp');
    const test = await csp({ kind: 'gmo', shopId: 'tshop00000001', environment: 'test' });
    expect(test).toMatch(
      /script-src 'self' 'nonce-[^']+' https:\/\/stg\.static\.mul-pay\.jp https:\/\/pt01\.mul-pay\.jp;/,
    );
    expect(test).toContain("connect-src 'self' https://pt01.mul-pay.jp;");
    expect(test).not.toMatch(/https:\/\/(static|p01)\.mul-pay\.jp/);
    const production = await csp({
      kind: 'gmo',
      shopId: '9100000000001',
      environment: 'production',
    });
    expect(production).toMatch(
      /script-src 'self' 'nonce-[^']+' https:\/\/static\.mul-pay\.jp https:\/\/p01\.mul-pay\.jp;/,
    );
    expect(production).toContain("connect-src 'self' https://p01.mul-pay.jp;");
    expect(production).not.toMatch(/stg\.static|pt01/);
    for (const policy of [test, production]) expect(policy).not.toContain('unsafe-');
  });

  it("lets Cloudflare Turnstile's script and frame in only when the bot check is on", async () => {
    const csp = async (botCheck: boolean) =>
      (await storefront({ botCheck }).request('/contact')).headers.get('content-security-policy') ??
      '';
    const on = await csp(true);
    expect(on).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/challenges\.cloudflare\.com;/);
    expect(on).toContain('frame-src https://challenges.cloudflare.com;');
    const off = await csp(false);
    expect(off).not.toContain('cloudflare');
    expect(off).not.toContain('frame-src');
  });

  it('sends nosniff with every other answer: payload JSON, redirects, robots.txt, missing assets', async () => {
    for (const path of ['/_payload/lp/faq.json', '/renewal', '/robots.txt', '/assets/gone.js']) {
      const response = await app.request(path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('absolute URLs', () => {
  it('og:url is on the configured public origin, whatever Host the request claims', async () => {
    const response = await storefront().request('http://evil.example/lp/faq', HOSTILE);
    const html = await response.text();
    expect(html).toContain('<meta property="og:url" content="https://shop.example/lp/faq"');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('"publicOrigin":"https://shop.example"');
  });

  it('without a public origin, og:url is left out rather than taken from Host', async () => {
    const app = storefront({ publicOrigin: undefined });
    const html = await (await app.request('http://evil.example/lp/faq', HOSTILE)).text();
    expect(html).not.toContain('og:url');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('publicOrigin');
  });

  it('a server-rule redirect stays a path of the shop, whatever Host the request claims', async () => {
    const response = await storefront().request('http://evil.example/renewal', HOSTILE);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/lp/faq');
  });

  it('og:image is absolute on the public origin, and left out with og:url without one', () => {
    const head = {
      title: '星の栞 1',
      description: '',
      ogType: 'product' as const,
      ogImage: '/_image?url=%2Fcovers%2Fhoshi-1.webp&w=1200',
    };
    const content = (url: string | null, key: string) =>
      headTags(head, url).find((tag) => tag.key[1] === key)?.content;
    const url = 'https://shop.example/product/hoshi-1';
    expect(content(url, 'og:image')).toBe(
      'https://shop.example/_image?url=%2Fcovers%2Fhoshi-1.webp&w=1200',
    );
    expect(content(url, 'twitter:card')).toBe('summary_large_image');
    expect(content(null, 'og:image')).toBeUndefined();
    expect(content(null, 'og:url')).toBeUndefined();
    expect(content(null, 'twitter:card')).toBe('summary');
  });
});

describe('the IP filter in front of the pages', () => {
  const allowed = '203.0.113.7';
  const filter = { enabled: true, allowedAddress: allowed };
  /**
   * The API app's filter in front, as @shop/api's createApp sets it (refusing only its own paths,
   * test/media.test.ts), the storefront behind it.
   */
  function shop() {
    const pages = storefront({
      ipFilter: filter,
      redirects: [
        { from: '/renewal', to: '/lp/faq', status: 301 },
        { from: '/old/shop.php', to: '/lp/faq', status: 301 },
      ],
    });
    const front = new Hono();
    front.use(
      '*',
      ipFilter(filter, { kind: 'none' }, (path) => path.startsWith('/api/')),
    );
    front.all('*', (c) => pages.fetch(c.req.raw, c.env));
    return front;
  }
  const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

  it('answers a refused shopper with the error screen, not the JSON of the API', async () => {
    const response = await shop().request('/ranking/daily', {}, from('198.51.100.1'));
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('エラーが発生しました');
    expect(html).toContain('お使いの環境は権限がありません。(2)');
    expect(html).toContain('トップページへ戻る');
  });

  it('checks the route before the filter: an unknown path is 404, for anyone', async () => {
    const response = await shop().request('/no/such/page', {}, from('198.51.100.1'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('ページが見つかりません');
  });

  it('redirects old paths that are no longer routes, after the filter', async () => {
    const moved = await shop().request('/old/shop.php?id=3', {}, from(allowed));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/lp/faq');
    expect((await shop().request('/old/shop.php', {}, from('198.51.100.1'))).status).toBe(403);
    expect((await shop().request('/lp/faq', {}, from(allowed))).status).toBe(200);
  });
});
