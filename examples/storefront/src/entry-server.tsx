import { errorScreen, guardNavigation, isCrawler, notFoundMessage } from '@shop/rules';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { ClientAssets, PageRequest } from '../server/ssr-contract';
import { App } from './app/app';
import { BOOT_ELEMENT_ID } from './app/boot';
import { PAGE_LOADERS } from './app/loaders';
import { hasRouteChunk, loadAllRouteChunks, loadRouteChunk } from './app/route-chunks';
import { ApiError, createApiClient } from './lib/api-client';
import { errorMessage, pageFailureMessage } from './lib/api-errors';
import { absolutePageUrl, headHtml } from './lib/head';
import type { BootData, PageError, PagePayload } from './lib/page-payload';
import { themeCss } from './lib/theme';

function errorPayload(
  href: string,
  error: PageError,
  crawler: boolean,
  development: boolean,
): PagePayload {
  const screen = errorScreen(error);
  return {
    page: 'error',
    href,
    params: {},
    status: error.statusCode,
    layout: 'error',
    head: { title: screen.headline, description: screen.message, ogType: 'website', noindex: true },
    data: null,
    error: {
      statusCode: error.statusCode,
      message: error.message,
      ...(development && error.stack ? { stack: error.stack } : {}),
    },
    ...(crawler ? { crawler } : {}),
  };
}

/** Loads every page chunk up front (see loadAllRouteChunks). */
export function preloadPages(): Promise<void> {
  return loadAllRouteChunks();
}

/**
 * Decides what a path shows (guardNavigation: route check, IP filter, redirects) and loads its
 * data through the API in-process. Used for the server-rendered document and for the payload
 * JSON of client-side navigation alike, so both always agree.
 */
export async function resolvePage(request: PageRequest): Promise<PagePayload> {
  const url = new URL(request.href, 'http://storefront.invalid');
  const fullPath = decodeURIComponentSafe(url.pathname) + decodeURIComponentSafe(url.search);
  const href = url.pathname + url.search;
  const crawler = isCrawler(request.userAgent);
  const { settings } = request;
  const decision = guardNavigation({
    fullPath,
    ipFilter: settings.ipFilter,
    addresses: request.addresses,
    redirects: settings.redirects,
    devRoutes: settings.devPages,
  });

  if (decision.action === 'error') {
    return errorPayload(
      href,
      { statusCode: decision.status, message: decision.message },
      crawler,
      false,
    );
  }
  if (decision.action === 'redirect') {
    return {
      ...errorPayload(
        href,
        { statusCode: decision.status, message: decision.location },
        crawler,
        false,
      ),
      redirect: { status: decision.status, location: decision.location },
    };
  }

  const { route, params } = decision.match;
  // A route of ROUTES whose page is not built yet (the account pages) matches nothing here.
  if (!(await hasRouteChunk(route.id))) {
    return errorPayload(
      href,
      { statusCode: 404, message: notFoundMessage(fullPath) },
      crawler,
      false,
    );
  }
  const loader = PAGE_LOADERS[route.id];
  const base = {
    page: route.id,
    href,
    params: { ...params } as Record<string, string>,
    layout: route.layout,
    ...(crawler ? { crawler } : {}),
  };
  if (!loader) {
    return {
      ...base,
      status: 200,
      head: { title: route.title, description: `${route.title}のページです。`, ogType: 'website' },
      data: null,
    };
  }
  try {
    const result = await loader({
      params: base.params,
      search: url.searchParams,
      href,
      api: createApiClient(request.api),
      settings,
      now: new Date(),
    });
    return { ...base, status: result.status ?? 200, head: result.head, data: result.data };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      const statusCode = error.status;
      const message = statusCode === 404 ? notFoundMessage(fullPath) : errorMessage(error);
      return errorPayload(href, { statusCode, message }, crawler, false);
    }
    console.error(`page ${href} failed to load`, error);
    if (crawler) {
      // docs/spec.md §8: a crawler gets the error reported (above), never the fatal screen.
      // It gets the page's layout with nothing in it and a 5xx (the API's own, such as 503 for
      // a database that is away, so the crawler comes back later instead of indexing an error).
      return {
        ...base,
        status: error instanceof ApiError && error.status >= 500 ? error.status : 500,
        head: { title: route.title, description: '', ogType: 'website', noindex: true },
        data: null,
        renderFailed: true,
      };
    }
    const err = error instanceof Error ? error : new Error(String(error));
    // A shopper reads Japanese prose (the API's own message, or none beside the screen's hint);
    // the developer's message and stack ("API 503 for /api/…") only in development.
    return errorPayload(
      href,
      {
        statusCode: 500,
        message: settings.development ? err.message : pageFailureMessage(error),
        ...(err.stack ? { stack: err.stack } : {}),
      },
      crawler,
      settings.development,
    );
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const encoder = new TextEncoder();

/** JSON inside a <script> tag: nothing in it may close the tag or break the line. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function documentHead(
  payload: PagePayload,
  request: PageRequest,
  assets: ClientAssets,
  nonce: string,
): string {
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    headHtml(payload.head, absolutePageUrl(request.settings.publicOrigin, payload.href)),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style nonce="${nonce}">${themeCss()}</style>`,
    // The stylesheet inlined, and named by a disabled link (neither fetched nor applied): Vite's
    // preload of a lazy part adds a stylesheet it finds no <link rel="stylesheet"> of, which put
    // every rule in twice and restyled and relaid the whole page in the middle of its hydration
    // (55-78 ms of main thread on the top page, docs/performance.md, "Storefront").
    ...(assets.inlineCss !== undefined
      ? [
          `<style nonce="${nonce}">${assets.inlineCss.replace(/<\/style/gi, '<\\/style')}</style>`,
          ...assets.css.map((href) => `<link rel="stylesheet" href="${href}" disabled>`),
        ]
      : assets.css.map((href) => `<link rel="stylesheet" href="${href}">`)),
    `</head><body>${submitGuard(nonce)}<div id="root">`,
  ].join('');
}

/**
 * The body's first script: a form the shop submits with script (the `noValidate` ones,
 * form-validation.test.ts) is never submitted by the browser itself. Pressed before its code had
 * hydrated (a lazily loaded form such as the address book's), the browser sent it as a GET of the
 * page, with what was typed (a name, an address, a phone number) in the URL. Once the form has
 * hydrated, React's own submit handler runs after this one and does the work.
 */
function submitGuard(nonce: string): string {
  return `<script nonce="${nonce}">document.addEventListener("submit",function(e){if(e.target.noValidate)e.preventDefault()},true)</script>`;
}

/**
 * The inline script, last in the body, that asks for the entry and the page's chunks once the
 * page has painted, not from the head: on a slow link their ~90 KB gzip would share the bandwidth
 * with the document's first images, which are the largest paint of a catalog page (Lighthouse's
 * simulated slow 4G put the catalog pages' LCP at 1.8-2.3 s with them in the head, 0.9-1.4 s
 * with them after the paint; docs/performance.md, "Storefront"). Everything the page shows is in the document already; the
 * scripts make it interactive one frame later. A tab opened in the background paints nothing
 * until shown, so a hidden page asks at once.
 */
function scriptLoader(entry: string, preloads: readonly string[], nonce: string): string {
  const load = [
    'function(){',
    'if(done)return;done=true;var d=document;',
    `${scriptJson(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});`,
    `var s=d.createElement("script");s.type="module";s.src=${scriptJson(entry)};d.head.appendChild(s)`,
    '}',
  ].join('');
  return [
    `<script nonce="${nonce}">(function(){var done=false,load=${load};`,
    'if(document.visibilityState!=="visible"){load();return}',
    'document.addEventListener("visibilitychange",load,{once:true});',
    'requestAnimationFrame(function(){setTimeout(load)})})()</script>',
  ].join('');
}

/**
 * React's HTML of `element`, once all of it has rendered, for browsers as for crawlers. A part
 * that suspends on the server (a lazily loaded part rendered for the first time since the process
 * started: the checkout's fee notes and address texts) would otherwise be sent after the rest, to
 * be put in place by script: the browser paints the page without it, and the page shifts when it
 * comes (0.24 on /checkout at 360 px in a loaded CI run). The page's data is in its payload
 * already, so the wait is only for such a chunk's import.
 */
export async function renderWhole(
  element: ReactNode,
  { nonce, onError }: { nonce: string; onError: (error: unknown) => void },
): Promise<ReadableStream<Uint8Array>> {
  const stream = await renderToReadableStream(element, {
    // The inline scripts React streams to reveal suspended content carry the CSP nonce.
    nonce,
    // Never outline a finished boundary to be revealed by script later: the page's content is
    // a boundary of its own (page-host.tsx), and must be in the first paint where it stands.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError,
  });
  await stream.allReady;
  return stream;
}

async function renderApp(boot: BootData, nonce: string) {
  if (!boot.payload.error && !boot.payload.renderFailed) await loadRouteChunk(boot.payload.page);
  return renderWhole(<App boot={boot} href={boot.payload.href} />, {
    nonce,
    onError(error) {
      console.error(`render of ${boot.payload.href} failed`, error);
    },
  });
}

/**
 * Streams the HTML document of a page: head with title, meta and OGP, the app, the boot data.
 * Every inline script and style carries `nonce`, the answer's Content-Security-Policy nonce.
 */
export async function renderDocument(
  payload: PagePayload,
  request: PageRequest,
  assets: ClientAssets,
  nonce: string,
): Promise<{ status: number; body: ReadableStream<Uint8Array> }> {
  const { settings } = request;
  let page = payload;
  const bootOf = (p: PagePayload): BootData => {
    const chunk = p.error || p.renderFailed ? undefined : assets.routeChunk(p.page);
    return {
      payload: p,
      ...(chunk ? { chunk } : {}),
      build: settings.build,
      development: settings.development,
      cardGateway: settings.cardGateway,
      ...(settings.publicOrigin === undefined ? {} : { publicOrigin: settings.publicOrigin }),
    };
  };
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await renderApp(bootOf(page), nonce);
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    page = payload.crawler
      ? { ...payload, status: 500, data: null, renderFailed: true }
      : errorPayload(
          payload.href,
          { statusCode: 500, message: err.message, ...(err.stack ? { stack: err.stack } : {}) },
          false,
          settings.development,
        );
    stream = await renderApp(bootOf(page), nonce);
  }

  const head = documentHead(page, request, assets, nonce);
  const preloads = page.error ? [] : assets.preloads(page.page);
  const tail = `</div><script id="${BOOT_ELEMENT_ID}" type="application/json" nonce="${nonce}">${scriptJson(bootOf(page))}</script>${scriptLoader(assets.entry, preloads, nonce)}</body></html>`;
  const reader = stream.getReader();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { status: page.status, body };
}
