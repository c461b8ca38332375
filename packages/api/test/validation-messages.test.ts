import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod';
import { routeDocsOf } from '../src/lib/route-doc';
import { openTestShop, type TestShop } from './support/database';

// Every message a shopper may read from a refused request is Japanese prose: the API's every
// validator (read off the app's routes) is fed bad input of every kind, and no message may carry
// zod's own text: an English type name ("numberは99以下…"), a pattern, a key or an enum value.

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/**
 * Latin words that are ordinary Japanese writing, not zod's (「URLの形式…」「IDが…」), and the
 * names a bookshop's staff use as they are: categories (CD, TRPG, BL) and product codes (JAN,
 * ISBN).
 */
const ALLOWED_LATIN = new Set(['URL', 'ID', 'CD', 'TRPG', 'BL', 'JAN', 'ISBN']);

function rawText(message: string): string[] {
  return [...message.matchAll(/[A-Za-z_][A-Za-z_0-9]+/g)]
    .map((m) => m[0])
    .filter((word) => !ALLOWED_LATIN.has(word));
}

const keysOf = (schema: z.ZodType): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : ['value'];

/** What a URL carries: text only, of every wrong shape. */
const TEXT_VALUES = ['abc', '-1', '0', '1.5', '99999999999999999', '', 'x'.repeat(5000), '２'];
/** What a JSON body may carry where something else belongs. */
const JSON_VALUES: unknown[] = [
  ...TEXT_VALUES,
  1e15,
  -1,
  1.5,
  true,
  null,
  [],
  {},
  [1, 'a', null],
  'not-an-email',
  '2026-13-45',
];

function badInputs(schema: z.ZodType, values: readonly unknown[]): unknown[] {
  const keys = keysOf(schema);
  return [
    undefined,
    null,
    [],
    'text',
    {},
    { unexpected_field: 1 },
    ...values.map((value) => Object.fromEntries(keys.map((key) => [key, value]))),
    // One field wrong at a time, the others left out.
    ...keys.flatMap((key) => values.map((value) => ({ [key]: value }))),
  ];
}

describe('validation messages', () => {
  test('every validator of the API refuses bad input in Japanese prose only', () => {
    const docs = routeDocsOf(shop.app.routes);
    const validated = docs.filter((doc) => doc.params || doc.query || doc.body);
    expect(validated.length).toBeGreaterThan(30);
    const offending = new Set<string>();
    let messages = 0;
    for (const doc of validated) {
      const parts: [string, z.ZodType | undefined, readonly unknown[]][] = [
        ['params', doc.params, TEXT_VALUES],
        ['query', doc.query, TEXT_VALUES],
        ['body', doc.body, JSON_VALUES],
      ];
      for (const [part, schema, values] of parts) {
        if (!schema) continue;
        for (const input of badInputs(schema, values)) {
          const result = schema.safeParse(input);
          if (result.success) continue;
          for (const issue of result.error.issues) {
            messages += 1;
            if (rawText(issue.message).length > 0 || issue.message.trim() === '') {
              offending.add(`${doc.method} ${doc.path} ${part}: ${issue.message}`);
            }
          }
        }
      }
    }
    expect(messages).toBeGreaterThan(1000);
    expect([...offending]).toEqual([]);
  });

  test('a refused request carries the same prose in its details', async () => {
    const response = await shop.request('/api/productlist/sale/day/?date=2026-13-45');
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; message: string; details: { path: string; message: string }[] };
    };
    expect(body.error.code).toBe('invalid_query');
    expect(body.error.details.length).toBeGreaterThan(0);
    for (const detail of body.error.details) expect(rawText(detail.message)).toEqual([]);
  });
});
