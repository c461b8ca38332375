import { type PagePayload, payloadUrl } from './page-payload';

// Payloads fetched by a prefetch are kept briefly, so the click that usually follows reuses them
// without showing stale stock or prices for long.
const PREFETCH_TTL_MS = 30_000;
const cache = new Map<string, { at: number; payload: Promise<PagePayload> }>();

async function request(href: string): Promise<PagePayload> {
  const response = await fetch(payloadUrl(href), { headers: { accept: 'application/json' } });
  const type = response.headers.get('content-type') ?? '';
  // Error pages (404, 403, 500) come back as payloads too; anything else is a broken server.
  if (!type.includes('application/json'))
    throw new Error(`payload ${href}: HTTP ${response.status}`);
  return (await response.json()) as PagePayload;
}

/** The payload of a page, from the prefetch cache when fresh. */
export function fetchPayload(href: string, now = Date.now()): Promise<PagePayload> {
  const hit = cache.get(href);
  if (hit && now - hit.at < PREFETCH_TTL_MS) {
    cache.delete(href);
    return hit.payload;
  }
  return request(href);
}

/** Starts fetching a page's payload ahead of a likely click. */
export function prefetchPayload(href: string, now = Date.now()): void {
  const hit = cache.get(href);
  if (hit && now - hit.at < PREFETCH_TTL_MS) return;
  const payload = request(href);
  payload.catch(() => cache.delete(href));
  cache.set(href, { at: now, payload });
}
