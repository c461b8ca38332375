import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { notFound } from '../errors';
import type { ShopMetrics } from '../observability/metrics';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** A request a proxy passed on: the proxy's own address is the peer, not the client's. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read the metrics: with METRICS_TOKEN, whoever sends it as a bearer token (Prometheus's
 * `authorization` setting), from anywhere; without it, only a scraper on the same host talking
 * to the server directly (a loopback peer, and no proxy's forwarding header: a proxy on the same
 * host would otherwise hand the public its loopback address).
 */
function mayRead(c: Context, token: string | undefined): boolean {
  if (token !== undefined) {
    const header = c.req.header('authorization') ?? '';
    return header.startsWith('Bearer ') && sameToken(header.slice('Bearer '.length), token);
  }
  const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? '';
  const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(peer);
  return loopback && FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined);
}

/**
 * GET METRICS_PATH: the Prometheus text exposition of `metrics`. Anyone else is answered 404
 * `not_found`, as for a path the shop does not serve.
 */
export function metricsRoutes(metrics: ShopMetrics, token: string | undefined) {
  return new Hono().get('/', async (c) => {
    if (!mayRead(c, token)) throw notFound();
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
    });
  });
}
