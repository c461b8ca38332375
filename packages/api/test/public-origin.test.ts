import { request } from 'node:http';
import { describe, expect, test } from 'vitest';
import { createApp } from '../src/app';
import type { ErrorBody } from '../src/errors';
import { readJson, servedAccountsTestApp, TestClient } from './support/accounts-app';

// Finding 8 of issue 12 (API half): nothing the shop answers is built from the Host a request
// claims, and PUBLIC_ORIGIN is the shop's own origin for the CSRF check (docs/reliability.md
// "Host header and public origin").

const t = servedAccountsTestApp();

/** A GET to the real server with the given headers: its status and Location. */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    request({ host: '127.0.0.1', port: t.port, path, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    })
      .on('error', reject)
      .end();
  });
}

describe('the trailing-slash redirect', () => {
  test('never names the host the request claims', async () => {
    const claims: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: `127.0.0.1:${t.port}`, 'x-forwarded-host': 'evil.example' },
    ];
    for (const headers of claims) {
      const answer = await get('/api/health?x=1', headers);
      expect(answer).toEqual({ status: 301, location: '/api/health/?x=1' });
    }
  });

  test('a path that looks like another host stays a path of this one', async () => {
    const answer = await get('/api//evil.example', { host: 'evil.example' });
    expect(answer.status).toBe(301);
    expect(answer.location).toBe('/api//evil.example/');
  });
});

describe('the CSRF origin check with PUBLIC_ORIGIN', () => {
  const behindProxy = () =>
    new TestClient(
      createApp({ ...t.deps, config: { ...t.deps.config, publicOrigin: 'https://shop.example' } }),
      '192.0.2.61',
    );

  /** POST /api/session/logout/ from a page of `origin`, with the session's CSRF token. */
  async function logoutFrom(client: TestClient, origin: string) {
    await client.session();
    return client.request('POST', '/api/session/logout/', {}, { origin });
  }

  test('takes the public https origin although the app is reached over http', async () => {
    // app.request reaches the app at http://localhost, as a TLS-terminating proxy would.
    const res = await logoutFrom(behindProxy(), 'https://shop.example');
    expect(res.status).toBe(204);
  });

  test('refuses the origin the request arrived at, and any other, once PUBLIC_ORIGIN is set', async () => {
    for (const origin of ['http://localhost', 'http://shop.example', 'https://evil.example']) {
      const res = await logoutFrom(behindProxy(), origin);
      expect(res.status, origin).toBe(403);
      expect((await readJson<ErrorBody>(res)).error.code, origin).toBe('csrf_origin');
    }
  });

  test('without PUBLIC_ORIGIN the own origin is the one the request arrived at', async () => {
    expect((await logoutFrom(t.client('192.0.2.62'), 'http://localhost')).status).toBe(204);
    const refused = await logoutFrom(t.client('192.0.2.63'), 'https://shop.example');
    expect(refused.status).toBe(403);
  });
});
