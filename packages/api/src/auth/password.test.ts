import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  accountsTestApp,
  randomSuffix,
  readJson,
  type TestClient,
} from '../../test/support/accounts-app';
import type { ErrorBody } from '../errors';
import { passwordGate } from './password';

/**
 * How many scrypt derivations run on libuv's pool at once, observed at node:crypto itself: each
 * `scrypt` call is an async resource of type SCRYPTREQUEST, created when the work is handed to
 * the pool and entered when its callback runs. (No module mock: the api tests share a module
 * cache between files, so a mock of node:crypto would miss a password module already loaded.)
 */
const scrypts = { running: 0, peak: 0, calls: 0 };
const pending = new Set<number>();
const scryptHook = createHook({
  init(id, type) {
    if (type !== 'SCRYPTREQUEST') return;
    pending.add(id);
    scrypts.calls++;
    scrypts.running++;
    scrypts.peak = Math.max(scrypts.peak, scrypts.running);
  },
  before(id) {
    if (pending.delete(id)) scrypts.running--;
  },
});

/** Sixty sessions set up one by one, then a burst of slow hashes. */
const SLOW_TEST_MS = 60_000;

const t = accountsTestApp();
beforeAll(() => {
  scryptHook.enable();
  // ~0.1 s a hash: a burst arrives while the first hashes still run, as at the OWASP cost.
  t.deps.config.accounts.password = { logN: 15, r: 8, p: 1 };
});
afterAll(() => {
  scryptHook.disable();
});

describe('password hash bound', () => {
  test(
    '60 failed logins at once: never more hashes at once than the gate allows, and the ones beyond its queue are refused early with 503',
    async () => {
      const { concurrency, queue } = passwordGate.limits;
      // Leaves libuv threads for file reads and compression (4 threads by default).
      expect(concurrency).toBeLessThan(4);
      const clients: TestClient[] = [];
      for (let i = 0; i < 60; i++) {
        const client = t.client(`198.51.110.${i + 1}`);
        await client.session();
        clients.push(client);
      }
      scrypts.peak = 0;
      scrypts.calls = 0;
      const answered: Array<{ status: number; at: number }> = [];
      const answers = await Promise.all(
        clients.map(async (c) => {
          const res = await c.login(`nobody-${randomSuffix()}@example.jp`, 'wrong password!');
          answered.push({ status: res.status, at: performance.now() });
          return res;
        }),
      );

      expect(scrypts.peak).toBe(concurrency);
      const checked = answers.filter((r) => r.status === 401).length;
      const refused = answers.filter((r) => r.status === 503);
      expect(checked + refused.length).toBe(60);
      // Every admitted check ran (the unknown addresses' burn included), no refused one did.
      expect(scrypts.calls).toBe(checked);
      expect(checked).toBeGreaterThanOrEqual(concurrency + queue);
      expect(refused.length).toBeGreaterThan(0);
      const body = await readJson<ErrorBody>(refused[0] as Response);
      expect(body.error.code).toBe('password_checks_busy');
      expect(refused[0]?.headers.get('retry-after')).toBe('2');
      // Refused early: every refusal came before the queue had drained.
      const lastChecked = Math.max(...answered.filter((a) => a.status === 401).map((a) => a.at));
      const lastRefused = Math.max(...answered.filter((a) => a.status === 503).map((a) => a.at));
      expect(lastRefused).toBeLessThan(lastChecked);
    },
    SLOW_TEST_MS,
  );
});
