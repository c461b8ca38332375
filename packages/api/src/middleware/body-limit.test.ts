import { type IncomingMessage, request } from 'node:http';
import { describe, expect, test } from 'vitest';
import { readJson, servedAccountsTestApp } from '../../test/support/accounts-app';
import type { ErrorBody } from '../errors';
import { routeDocsOf } from '../lib/route-doc';
import { openApiDocument } from '../openapi';
import { bodyLimitOf, DEFAULT_BODY_LIMIT } from './body-limit';

// Finding 3 of issue 12: request bodies are limited per route and refused with 413 before they
// are read (docs/reliability.md "Request bodies").

const t = servedAccountsTestApp();

/** A URL of a documented path, its parameters filled in. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1');

/** A JSON body of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => `{"a":"${'x'.repeat(bytes - 8)}"}`;

interface Answer {
  status: number;
  body: ErrorBody;
  /** How many body bytes the client had handed to its socket when the answer came. */
  sent: number;
}

/** An answer's status and JSON error body, once it has been read whole. */
function readAnswer(res: IncomingMessage): Promise<Omit<Answer, 'sent'>> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    res.on('data', (part: Buffer) => parts.push(part));
    res.on('error', reject);
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        body: JSON.parse(Buffer.concat(parts).toString('utf8')) as ErrorBody,
      }),
    );
  });
}

/**
 * POSTs `total` bytes to the real server, as one Content-Length body (`announced`) or chunked,
 * and stops sending as soon as an answer arrives. Gives up after 10 s.
 */
function post(path: string, total: number, framing: 'announced' | 'chunked'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (framing === 'announced') headers['content-length'] = String(total);
    let sent = 0;
    let answered = false;
    const req = request(
      { host: '127.0.0.1', port: t.port, method: 'POST', path, headers },
      (res) => {
        answered = true;
        readAnswer(res).then((answer) => {
          resolve({ ...answer, sent });
          req.destroy();
        }, reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!answered && sent < total) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!req.write(chunk.subarray(0, size))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const MB = 1024 * 1024;

describe('request body limits', () => {
  test('a 200 MB body announced by Content-Length is refused before a byte of it is read', async () => {
    // Only the headers are needed for the answer: a server that waited for the body would time out.
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: t.port,
          method: 'POST',
          path: '/api/contact/',
          headers: { 'content-type': 'application/json', 'content-length': String(200 * MB) },
        },
        (res) => {
          readAnswer(res).then((answer) => {
            resolve({ ...answer, sent: 10 });
            req.destroy();
          }, reject);
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', reject);
      req.write('{"name":"x');
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    expect(answer.body.error.message).toBe(
      '送信された内容が大きすぎます（上限 64 KB）。内容を減らしてから、もう一度お試しください。',
    );
  });

  test('a 200 MB chunked body (no Content-Length) is refused while it streams in', async () => {
    const answer = await post('/api/cart/', 200 * MB, 'chunked');
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    // The answer came long before the body could have been read whole.
    expect(answer.sent).toBeLessThan(50 * MB);
  });

  test('a body at the limit is read; one byte more is refused, announced or chunked alike', async () => {
    for (const framing of ['announced', 'chunked'] as const) {
      const over = await post('/api/cart/', DEFAULT_BODY_LIMIT + 1, framing);
      expect(over.status, framing).toBe(413);
      // At the limit, the request goes on to the CSRF check (this client has no session).
      const at = await post('/api/cart/', DEFAULT_BODY_LIMIT, framing);
      expect(at.body.error.code, framing).toBe('csrf_session');
    }
  });

  test('every documented body limit is the one the server enforces, and a contact message fits its own', async () => {
    const documented = routeDocsOf(t.app.routes);
    const paths = openApiDocument(documented).paths as Record<
      string,
      Record<string, { requestBody?: { 'x-max-body-bytes': number }; responses: object }>
    >;
    const withBody = documented.filter((route) => route.body);
    expect(withBody.length).toBeGreaterThan(15);
    for (const route of withBody) {
      const where = `${route.method} ${route.path}`;
      const limit = paths[route.path]?.[route.method]?.requestBody?.['x-max-body-bytes'] ?? 0;
      expect(limit, where).toBe(bodyLimitOf(route.method, route.path));
      expect(Object.keys(paths[route.path]?.[route.method]?.responses ?? {}), where).toContain(
        '413',
      );
      const method = route.method.toUpperCase();
      const over = await t.app.request(urlOf(route.path), { method, body: jsonOf(limit + 1) });
      expect(over.status, where).toBe(413);
      expect((await readJson<ErrorBody>(over)).error.code, where).toBe('payload_too_large');
      const at = await t.app.request(urlOf(route.path), { method, body: jsonOf(limit) });
      expect(at.status, where).not.toBe(413);
    }
    expect(bodyLimitOf('post', '/api/contact/')).toBeGreaterThan(DEFAULT_BODY_LIMIT);
  });

  test('a contact message at its longest is taken, over the default limit', async () => {
    const client = t.client('192.0.2.41');
    await client.session();
    const message = {
      name: '山'.repeat(40),
      email: `${'a'.repeat(60)}@${'b'.repeat(60)}.example.jp`,
      category: 'order',
      body: '本'.repeat(4000),
      botToken: 'x'.repeat(4096),
    };
    expect(Buffer.byteLength(JSON.stringify(message))).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const res = await client.request('POST', '/api/contact/', message);
    expect(res.status).not.toBe(413);
  });

  test('requests without a body, and every other path, are untouched', async () => {
    expect((await t.app.request('/api/health/')).status).toBe(200);
    const logout = await post('/api/session/logout/', 0, 'announced');
    expect(logout.body.error.code).toBe('csrf_session');
  });
});
