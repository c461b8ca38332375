import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyArb, encodeSegment, methodArb, queryArb, segmentArb } from './support/arbitraries';
import { openTestShop, type TestShop } from './support/database';

// Every catalog endpoint gets generated paths, queries, methods and bodies. Each answer must be
// a 2xx, a 3xx redirect to the canonical path, or a 4xx with a JSON error, never a 5xx (the test
// app's error log throws, so an unexpected error fails the run), and no catalog table changes.
// Replay a failure with the seed and path fast-check prints: fc.assert(prop, { seed, path }).

const TABLES = [
  'products',
  'variations',
  'benefits',
  'release_postponements',
  'authors',
  'series',
  'news',
  'showcases',
  'showcase_products',
  'gallery_entries',
  'orders',
  'order_items',
  'product_daily_sales',
];

const PREFIXES = [
  '/api/products/',
  '/api/search/',
  '/api/homedata/',
  '/api/ranking/',
  '/api/productlist/',
  '/api/productlist/sale/',
  '/api/news/',
  '/api/showcases/',
  '/api/gallery/',
  '/api/series/',
  '/api/authors/',
  '/api/health/',
  '/api/openapi.json',
  '/api/openapi.json/',
  '/api/',
  '/_image',
  '/covers/',
  '/_app/builds/',
  '/_app/builds/meta/',
];

let shop: TestShop;
let before: string;

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await shop.db.rows<{ digest: string }>(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(table)} x`,
    );
    parts.push(`${table}:${row?.digest}`);
  }
  return parts.join(',');
}

beforeAll(async () => {
  shop = await openTestShop();
  before = await snapshot();
});
afterAll(async () => {
  await shop?.close();
});

function requestOf(prefix: string, segments: string[], raw: boolean, query: [string, string][]) {
  const path = prefix + segments.map((s) => encodeSegment(s, raw)).join('/');
  const search = new URLSearchParams(query).toString();
  const url = `http://localhost${path}${search ? `?${search}` : ''}`;
  try {
    return new URL(url).toString();
  } catch {
    return null;
  }
}

async function expectClientSafe(response: Response) {
  expect(response.status).toBeLessThan(500);
  if (response.status >= 400) {
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toMatch(/^[a-z_-]+$/);
    expect(body.error.message.length).toBeGreaterThan(0);
  }
}

describe('fuzzed requests', () => {
  it('never answer 5xx for generated GET paths and queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PREFIXES),
        fc.array(segmentArb, { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        queryArb,
        async (prefix, segments, raw, slash, query) => {
          const url = requestOf(prefix, slash ? [...segments, ''] : segments, raw, query);
          fc.pre(url !== null);
          await expectClientSafe(await shop.app.request(url as string));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never answer 5xx for other methods with generated bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PREFIXES),
        fc.array(segmentArb, { maxLength: 2 }),
        methodArb,
        bodyArb,
        async (prefix, segments, method, body) => {
          const url = requestOf(prefix, [...segments, ''], false, []);
          fc.pre(url !== null);
          const hasBody = method !== 'GET' && method !== 'HEAD';
          const response = await shop.app.request(url as string, {
            method,
            headers: { 'content-type': 'application/json' },
            ...(hasBody ? { body } : {}),
          });
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('search accepts any parameters, parsing them like the storefront', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => {
        const url = requestOf('/api/search/', [], false, query);
        fc.pre(url !== null);
        const response = await shop.app.request(url as string);
        expect(response.status).toBe(200);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves every catalog table unchanged', async () => {
    expect(await snapshot()).toBe(before);
  });
});
