// The contract between the server and the browser: one payload describes one rendered page. The
// server embeds it in the HTML of the first page and answers /_payload/<path>.json with it during
// client-side navigation, so a page renders from the same data either way.

import type { CardGatewaySettings } from './card-gateway';

export type LayoutName = 'default' | 'error' | 'fakemodal' | 'no-header';

/** What goes into <head>: the real title, meta description and OGP tags of the page. */
export interface PageHead {
  title: string;
  description: string;
  /** OGP type: 'website' for lists, 'product' for a product, 'article' for news. */
  ogType: 'website' | 'product' | 'article';
  /** Absolute path of a representative image (an /_image URL), if the page has one. */
  ogImage?: string;
  /** Pages that must not be indexed (errors, developer pages, forms). */
  noindex?: boolean;
}

export interface PageError {
  statusCode: number;
  message: string;
  stack?: string;
}

export interface PagePayload<Data = unknown> {
  /** The page key of the route chunk map (src/app/route-chunks.ts). */
  page: string;
  /** Path and search this payload was made for, e.g. '/search?q=限定版'. */
  href: string;
  params: Record<string, string>;
  status: number;
  layout: LayoutName;
  head: PageHead;
  data: Data;
  error?: PageError;
  /** Set when the request came from a crawler: render errors are reported, never fatal. */
  crawler?: boolean;
  /** A server-rule redirect: the browser goes there instead. */
  redirect?: { status: number; location: string };
  /**
   * The page's data or its render failed for a crawler: the error was reported (server log), the
   * page's layout is sent with nothing in it, with a 5xx status.
   */
  renderFailed?: boolean;
}

/** The payload URL of a page: '/' → '/_payload/index.json', '/product/x' → '/_payload/product/x.json'. */
export function payloadUrl(href: string): string {
  const url = new URL(href, 'http://payload.invalid');
  const path = url.pathname === '/' ? '/index' : url.pathname.replace(/\/$/, '');
  return `/_payload${path}.json${url.search}`;
}

/** The page href a payload URL stands for (the inverse of payloadUrl). */
export function pageHrefFromPayloadUrl(payloadHref: string): string | null {
  const url = new URL(payloadHref, 'http://payload.invalid');
  const match = /^\/_payload(\/.*)\.json$/.exec(url.pathname);
  if (!match?.[1]) return null;
  const path = match[1] === '/index' ? '/' : match[1];
  return `${path}${url.search}`;
}

/** What the server hands the browser besides the first payload (in the same JSON script tag). */
export interface BootData {
  payload: PagePayload;
  /**
   * URL of the page's route chunk (the server modulepreloads it): the browser imports it before
   * hydrating, without the map of every route chunk (src/app/route-map.ts).
   */
  chunk?: string;
  /** The build this document was rendered by, for the new-build check. */
  build: { id: string; timestamp: number };
  /** Development mode: stack traces below the error card. */
  development: boolean;
  /** Which tokeniser the card form uses, with GMO's public shop id (never a password). */
  cardGateway: CardGatewaySettings;
  /** The shop's configured public origin, for og:url after a client-side navigation. */
  publicOrigin?: string;
}
