// The shape of the SSR bundle (dist/server/entry-server.js, built from src/entry-server.tsx) as
// the server sees it. Kept in a file of its own so the server type-checks without importing the
// React tree.
import type { RedirectRule } from '@shop/rules';
import type { CardGatewaySettings } from '../src/lib/card-gateway';
import type { PagePayload } from '../src/lib/page-payload';

/** Calls the API in-process (Hono's app.request): no network hop, same handlers as /api. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export interface ClientAssets {
  /** URL of the client entry chunk. */
  entry: string;
  /** Stylesheets every page needs. */
  css: string[];
  /**
   * Their text, inlined into each document's head: one round trip less before the first paint
   * (the sheet is a few KB gzip).
   */
  inlineCss?: string;
  /** Chunks to modulepreload for a page key (its route chunk and what that imports). */
  preloads(page: string): string[];
  /** URL of a page key's own route chunk (for the boot data), if the build has one. */
  routeChunk(page: string): string | undefined;
}

export interface StorefrontSettings {
  /** Serve the developer pages /dev/* (otherwise they answer 404). */
  devPages: boolean;
  /** Development mode: stack traces are shown below the error card. */
  development: boolean;
  ipFilter: { enabled: boolean; allowedAddress: string };
  build: { id: string; timestamp: number };
  /** Server-rule redirects applied after the route check and the IP filter. */
  redirects: readonly RedirectRule[];
  /** The card gateway's public half, for the browser's tokeniser (boot data). */
  cardGateway: CardGatewaySettings;
  /**
   * Whether the contact form's bot check (Cloudflare Turnstile) is on, so the pages' CSP lets its
   * widget script and frame in; unset is off.
   */
  botCheck?: boolean;
  /**
   * The origin shoppers reach the shop at (the API's PUBLIC_ORIGIN), for absolute URLs such as
   * og:url. Unset: the page leaves absolute URLs out rather than build them from the request's
   * Host, which the client writes.
   */
  publicOrigin: string | undefined;
}

export interface PageRequest {
  /** Path and search of the page, e.g. '/search?q=限定版'. */
  href: string;
  userAgent: string;
  /** The two client address sources the IP filter checks, in order. */
  addresses: [string | undefined, string | undefined];
  api: ApiFetch;
  settings: StorefrontSettings;
}

export interface SsrModule {
  /** Loads every page chunk, once, before the server listens. */
  preloadPages(): Promise<void>;
  resolvePage(request: PageRequest): Promise<PagePayload>;
  /**
   * The HTML document of a page, streamed; the status may turn 500 if rendering fails. `nonce`
   * is the response's Content-Security-Policy nonce, put on each inline script and style.
   */
  renderDocument(
    payload: PagePayload,
    request: PageRequest,
    assets: ClientAssets,
    nonce: string,
  ): Promise<{ status: number; body: ReadableStream<Uint8Array> }>;
}
