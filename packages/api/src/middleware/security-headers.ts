import type { MiddlewareHandler } from 'hono';

/** For what the browser only displays or hands to scripts (JSON, images): nothing may run. */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * For an HTML page (or a script a page may start as a worker) that brings no policy of its own:
 * only framing is forbidden, since a policy for its sources must be the page's (the
 * storefront sets a full one with a nonce on every page).
 */
export const FRAMING_ONLY_CSP = "frame-ancestors 'none'";

const RUNS_IN_BROWSER = /^(text\/html|text\/javascript|application\/javascript)\b/i;

/**
 * The headers every answer carries, whoever made it: the API's JSON, errors, images, covers,
 * builds and the storefront's pages and files mounted behind the API (mounted first in
 * createApp, so it also sees what onError and notFound answer).
 * - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`: no content sniffing, no framing.
 * - `Content-Security-Policy`, unless the answer brings its own: LOCKED_DOWN_CSP, or for HTML
 *   and scripts FRAMING_ONLY_CSP.
 * - `Referrer-Policy: strict-origin-when-cross-origin` unless the answer brings its own: other
 *   sites learn the shop's origin, never a page's path and query.
 * - `Cache-Control: no-store` on every answer that does not declare itself cacheable, and on
 *   every answer that sets a cookie: what may be kept is opted into by the route (images,
 *   covers, a build's metadata, the postal-code lookup), so an answer that depends on the session
 *   (address book, saved cards, cart, orders, points, favourites, the member) is never stored,
 *   including one a future route forgets to mark.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    if (!headers.has('Content-Security-Policy')) {
      const runs = RUNS_IN_BROWSER.test(headers.get('Content-Type') ?? '');
      headers.set('Content-Security-Policy', runs ? FRAMING_ONLY_CSP : LOCKED_DOWN_CSP);
    }
    if (!headers.has('Referrer-Policy')) {
      headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    }
    if (!headers.has('Cache-Control') || headers.has('Set-Cookie')) {
      headers.set('Cache-Control', 'no-store');
    }
  };
}
