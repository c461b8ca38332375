import { serveStatic } from '@hono/node-server/serve-static';
import { checkedAddressSources } from '@shop/api/ip-filter';
import { type Context, Hono } from 'hono';
import { pageHrefFromPayloadUrl } from '../src/lib/page-payload';
import { cspNonce, htmlSecurityHeaders } from './security-headers';
import type { ClientAssets, PageRequest, SsrModule, StorefrontSettings } from './ssr-contract';

/** The API as the storefront needs it: in-process requests (a Hono app's `request`). */
export interface ApiApp {
  request(path: string, init?: RequestInit, env?: unknown): Response | Promise<Response>;
}

export interface StorefrontServerOptions {
  api: ApiApp;
  ssr: SsrModule;
  assets: ClientAssets;
  /** Folder of the client build (dist/client). */
  clientDir: string;
  settings: StorefrontSettings;
}

/**
 * The storefront half of the one-port server: the hashed client assets, the per-page payload
 * JSON for client-side navigation and server rendering for every other path. server/main.ts
 * mounts it behind the API's app, which answers /api/ and its own paths first and compresses
 * every answer, these included (@shop/api middleware/compression.ts).
 */
export function createStorefrontServer(options: StorefrontServerOptions): Hono {
  const { api, ssr, assets, clientDir, settings } = options;
  const app = new Hono();

  // No answer of the storefront (a page, its payload JSON, an asset) is to be read as another type.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });

  // Vite puts a content hash in every file name under /assets, so a file never changes.
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/assets/*', (c) => c.text('Not Found', 404));
  app.get('/favicon.svg', serveStatic({ root: clientDir, path: 'favicon.svg' }));
  app.get('/robots.txt', (c) => c.text('User-agent: *\nDisallow: /dev\nDisallow: /mypage\n'));

  /**
   * A page request with the shopper's cookie for the in-process API, and the cookies the API set
   * meanwhile: a loader's call that gives the shopper a session id (GET /api/session/ on an
   * account page) hands it on with the page, as the browser's own call would have.
   */
  const pageRequest = (c: Context, href: string): { request: PageRequest; cookies: string[] } => {
    const headers = new Headers();
    const cookie = c.req.header('cookie');
    if (cookie) headers.set('cookie', cookie);
    const cookies: string[] = [];
    const request: PageRequest = {
      href,
      userAgent: c.req.header('user-agent') ?? '',
      // The sources the API app in front checked, decided by TRUST_PROXY in one place.
      addresses: checkedAddressSources(c),
      // Account pages need the shopper's session: the in-process API call carries the cookie.
      api: async (path, init) => {
        const response = await api.request(
          path,
          { ...init, headers: mergeHeaders(headers, init?.headers) },
          c.env,
        );
        cookies.push(...response.headers.getSetCookie());
        return response;
      },
      settings,
    };
    return { request, cookies };
  };

  app.get('/_payload/*', async (c) => {
    const href = pageHrefFromPayloadUrl(new URL(c.req.url).pathname + new URL(c.req.url).search);
    if (!href) return c.json({ code: 'not_found', message: 'ページが見つかりません' }, 404);
    const { request, cookies } = pageRequest(c, href);
    const payload = await ssr.resolvePage(request);
    c.header('Cache-Control', 'no-store');
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json(payload, payload.status as 200);
  });

  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    const { request, cookies } = pageRequest(c, url.pathname + url.search);
    const payload = await ssr.resolvePage(request);
    if (payload.redirect) {
      return c.redirect(
        payload.redirect.location,
        payload.redirect.status as 301 | 302 | 303 | 307 | 308,
      );
    }
    // A nonce per answer: never cached (no-store), so no two documents share one.
    const nonce = cspNonce();
    const { status, body } = await ssr.renderDocument(payload, request, assets, nonce);
    const headers = new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      Vary: 'Cookie, User-Agent',
      ...htmlSecurityHeaders(nonce, settings.cardGateway, settings.botCheck === true),
    });
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    return new Response(body, { status, headers });
  });

  return app;
}

function mergeHeaders(base: Headers, extra: HeadersInit | undefined): Headers {
  const merged = new Headers(base);
  if (extra) for (const [key, value] of new Headers(extra)) merged.set(key, value);
  return merged;
}
