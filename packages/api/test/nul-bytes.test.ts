import { describe, expect, test } from 'vitest';
import {
  insertMember,
  insertProduct,
  OPERATOR_TOKEN,
  ordersTestApp,
  snapshot,
} from './support/orders-app';

// U+0000 can never be stored in a PostgreSQL text value: a query or insert holding one fails
// (`invalid byte sequence for encoding "UTF8": 0x00`). Every documented route, as a member and
// as staff, gets a NUL byte in each of its query parameters and body fields, and must answer a
// 4xx, never a 5xx (this app's error log throws), and change nothing. Before the check in
// lib/validate.ts, the back office's member search and 予約集計 (`q`) answered 500.

const t = ordersTestApp();

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
}

const NUL = 'a\u0000b';

describe('a NUL byte anywhere in a request', () => {
  test('every route answers a 4xx and changes nothing', async () => {
    const member = await insertMember(t, { points: 100 });
    const product = await insertProduct(t.db);
    const spec = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const before = await snapshot(t.db);
    const failures: string[] = [];
    let sent = 0;
    for (const [template, operations] of Object.entries(spec.paths)) {
      const path = template.replace(/\{[^}]+\}/g, String(product.variationId));
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const requests: { url: string; body?: string }[] = [];
        for (const p of operation.parameters ?? []) {
          if (p.in === 'query')
            requests.push({ url: `${path}?${p.name}=${encodeURIComponent(NUL)}` });
        }
        const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
        for (const field of Object.keys(schema?.properties ?? {})) {
          requests.push({ url: path, body: JSON.stringify({ [field]: NUL }) });
        }
        for (const auth of ['member', 'staff'] as const) {
          for (const { url, body } of requests) {
            const headers: Record<string, string> = {
              'content-type': 'application/json',
              'idempotency-key': crypto.randomUUID(),
              'x-forwarded-for': '192.0.2.10',
              ...(auth === 'member'
                ? {
                    cookie: member.client.cookie ?? '',
                    'x-csrf-token': member.client.csrfToken ?? '',
                  }
                : { authorization: `Bearer ${OPERATOR_TOKEN}` }),
            };
            sent++;
            const label = `${method.toUpperCase()} ${url} ${body ?? ''} (${auth})`;
            try {
              const res = await t.app.request(url, { method: method.toUpperCase(), headers, body });
              if (res.status >= 500) failures.push(`${label}: ${res.status}`);
            } catch (error) {
              failures.push(`${label}: ${String(error).slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
    expect(await snapshot(t.db)).toEqual(before);
  }, 120_000);

  test('a NUL byte in a search term the schema takes as it is: 400 with the field and why', async () => {
    for (const url of ['/api/admin/members/', '/api/admin/reservations/summary/']) {
      const res = await t.app.request(`${url}?q=${encodeURIComponent(NUL)}`, {
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'invalid_query',
          message: 'リクエストの内容に誤りがあります。（クエリパラメータ）',
          details: [
            { path: 'q', code: 'invalid_characters', message: '使用できない文字が含まれています' },
          ],
        },
      });
    }
  });
});
