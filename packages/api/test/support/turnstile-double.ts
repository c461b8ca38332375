import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the double does with a token: how Turnstile's siteverify would answer it. */
export const TURNSTILE_TOKENS = {
  /** Solved by a human: `success: true`. */
  human: 'XXXX.DUMMY.TOKEN.human',
  /** Expired or used before: `timeout-or-duplicate`. */
  reused: 'XXXX.DUMMY.TOKEN.reused',
  /** Answers only after `slowMs`, past any verifier's timeout in the tests. */
  slow: 'XXXX.DUMMY.TOKEN.slow',
  /** Cloudflare fails: HTTP 500. */
  broken: 'XXXX.DUMMY.TOKEN.broken',
} as const;

export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  contentType: string | undefined;
}

/**
 * A local stand-in for Cloudflare Turnstile's siteverify endpoint (POST, form-encoded `secret`,
 * `response`, `remoteip`), answering as the real one documents: `success` with `error-codes`
 * (`invalid-input-secret` for another secret, `invalid-input-response` for an unknown token).
 * Records every request so a test sees what the shop sent.
 */
export async function startTurnstileDouble(secret: string, slowMs = 2_000) {
  const requests: SiteverifyRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const request: SiteverifyRequest = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
        contentType: req.headers['content-type'],
      };
      requests.push(request);
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST') return answer(405, {});
      if (request.secret !== secret) {
        return answer(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      }
      switch (request.response) {
        case TURNSTILE_TOKENS.human:
          return answer(200, {
            success: true,
            challenge_ts: '2026-11-25T00:00:00.000Z',
            hostname: 'shop.example',
            'error-codes': [],
          });
        case TURNSTILE_TOKENS.reused:
          return answer(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
        case TURNSTILE_TOKENS.slow: {
          const timer = setTimeout(() => {
            timers.delete(timer);
            answer(200, { success: true, 'error-codes': [] });
          }, slowMs);
          timers.add(timer);
          return;
        }
        case TURNSTILE_TOKENS.broken:
          return answer(500, { success: false, 'error-codes': ['internal-error'] });
        default:
          return answer(200, { success: false, 'error-codes': ['invalid-input-response'] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
