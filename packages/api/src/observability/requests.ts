import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { clientAddress, type TrustProxy } from '../accounts/client-address';
import { requestScope, type ShopLogger } from './logger';
import type { ShopMetrics } from './metrics';

/** The header a request id comes in (from the proxy) and goes back in (on every answer). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A request id a proxy may hand over: nginx's `$request_id` (32 hex digits), a UUID, HAProxy's
 * `%ID` forms. Anything else (too long, spaces, quotes, an e-mail address) is replaced by a new
 * id rather than written into the log.
 */
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** The longest path an access line keeps; a longer one is cut (a line stays one line). */
const MAX_LOGGED_PATH = 512;

/**
 * The path as a person reads it (percent-decoding undone, so the log's redaction sees an e-mail
 * address written `%40`), cut to MAX_LOGGED_PATH.
 */
function readablePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: logged as it came.
  }
  return decoded.slice(0, MAX_LOGGED_PATH);
}

/** Where @hono/node-server hands over the Node response (absent under `app.request`). */
interface NodeBindings {
  outgoing?: ServerResponse;
}

export interface ObserveOptions {
  logger: ShopLogger | undefined;
  metrics: ShopMetrics;
  trustProxy: TrustProxy;
}

/**
 * Gives every request an id (the proxy's X-Request-Id when well formed, else a new UUID),
 * returns it in X-Request-Id on every answer, runs the rest of the app inside requestScope (so
 * every line logged meanwhile carries it), counts the request in flight, and when the answer has
 * been sent writes one access line and observes its latency under the route pattern.
 *
 * The access line has: method, path (never the query string, whose values are a search's words,
 * a takeover's e-mail address), route (the pattern the router matched), status, durationMs,
 * bytes (written to the connection for the answer, headers included), client (the address
 * TRUST_PROXY decides, accounts/client-address.ts), requestId. Never a header, a cookie or a body.
 */
export function observeRequests(options: ObserveOptions): MiddlewareHandler {
  const { logger, metrics, trustProxy } = options;
  return async (c, next) => {
    // The storefront's server renderer calls the API in process while it answers a page: that
    // call is part of the page's request, with its id, line and latency.
    if (requestScope.getStore()) return next();
    const started = performance.now();
    const offered = c.req.header(REQUEST_ID_HEADER);
    const requestId =
      offered !== undefined && WELL_FORMED_ID.test(offered) ? offered : randomUUID();
    metrics.inFlight.inc();
    try {
      await requestScope.run({ requestId }, next);
    } catch (error) {
      metrics.inFlight.dec();
      throw error;
    }
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const route = routePath(c) || '*';
    const finish = (status: number, bytes: number | null) => {
      metrics.inFlight.dec();
      const durationMs = performance.now() - started;
      metrics.requestDuration.observe(
        { method: c.req.method, route, status: String(status) },
        durationMs / 1000,
      );
      logger?.info(
        {
          requestId,
          method: c.req.method,
          path: readablePath(c.req.path),
          route,
          status,
          durationMs: Math.round(durationMs * 10) / 10,
          bytes,
          client: clientAddress(c, trustProxy),
        },
        'request',
      );
    };
    whenSent(c, finish);
  };
}

/**
 * Calls `finish` once the answer has left: on a Node server when the response finishes (or the
 * connection closes first), with the bytes written to the socket meanwhile; under `app.request`
 * (tests, the storefront's in-process calls) at once, with the Content-Length if stated.
 */
function whenSent(c: Context, finish: (status: number, bytes: number | null) => void): void {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
  if (!outgoing?.socket) {
    const length = c.res.headers.get('Content-Length');
    finish(c.res.status, length === null ? null : Number(length));
    return;
  }
  const socket = outgoing.socket;
  const before = socket.bytesWritten;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    finish(outgoing.statusCode, socket.bytesWritten - before);
  };
  outgoing.once('finish', once);
  outgoing.once('close', once);
}
