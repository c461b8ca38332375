import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { openTestShop, type TestShop } from './support/database';

const apiRoot = join(import.meta.dirname, '..');
// Each case starts a server on a new embedded database (PGlite's initdb): slow on 2 busy cores.
const SLOW = 180_000;
const folders: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  exit: Promise<number | null>;
  /** Resolves once `count` lines containing `text` have been printed in all. */
  printed(text: string, count?: number): Promise<void>;
}

async function startServerProcess(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-shutdown-'));
  folders.push(dataDir);
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  // The embedded database: the signal handling is the same on both, and a spawned process on
  // the suite's PostgreSQL database would migrate it under the other test files.
  delete serverEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/slow-server.ts'], {
    cwd: apiRoot,
    env: { ...serverEnv, SEED_PRODUCTS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const waiting: (() => void)[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting) check();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (text: string, count = 1) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.split(text).length - 1 >= count) resolve();
      };
      waiting.push(check);
      check();
      exit.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
  await printed('shop listening on');
  return { child, port, exit, printed };
}

/** A GET on a connection of its own: the status, the Connection header and the body. */
function get(
  port: number,
  path: string,
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('stopping the server (SIGTERM)', () => {
  it(
    'answers every request in flight, refuses new connections, and exits 0',
    async () => {
      const server = await startServerProcess({ SHUTDOWN_DRAIN_MS: '20000' });
      const inFlight = Array.from({ length: 5 }, () => get(server.port, '/test/slow/?ms=2500'));
      await server.printed('slow started', 5);

      server.child.kill('SIGTERM');
      await server.printed('stopping: no new connections; 5 requests in flight');
      // The listening socket closes on the event loop's next turn after that line.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await get(server.port, '/api/health/live/').then(
        (answer) => answer,
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(refused).toBe('ECONNREFUSED');

      const answers = await Promise.all(inFlight);
      expect(answers).toEqual(
        Array.from({ length: 5 }, () => ({
          status: 200,
          connection: 'close',
          body: '{"answered":true}',
        })),
      );
      expect(await server.exit).toBe(0);
    },
    SLOW,
  );

  it(
    'cuts what is still in flight after SHUTDOWN_DRAIN_MS and exits 0',
    async () => {
      const server = await startServerProcess({ SHUTDOWN_DRAIN_MS: '300' });
      const stuck = get(server.port, '/test/slow/?ms=60000').then(
        () => 'answered',
        (error: NodeJS.ErrnoException) => error.code,
      );
      await server.printed('slow started');
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await stuck).toBe('ECONNRESET');
      expect(await server.exit).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    },
    SLOW,
  );
});

describe('probes', () => {
  // One seeded shop for both cases, opened under the hook timeout: opening one inside a test
  // overran the 30 s test timeout on a busy 2-core machine.
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('liveness is 200 and readiness 503 shutting_down while the process drains', async () => {
    const lifecycle = { draining: false };
    const app = createApp({ ...shop.deps, lifecycle });
    expect((await app.request('/api/health/ready/')).status).toBe(200);
    lifecycle.draining = true;
    const ready = await app.request('/api/health/ready/');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: { code: string } }).error.code).toBe('shutting_down');
    const live = await app.request('/api/health/live/');
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }]);
  });

  it('readiness is 503 database_unavailable and liveness 200 while the database is down', async () => {
    // Nothing listens on port 1: every query fails to connect, as in a database outage.
    const unreachable = await openDatabase({ databaseUrl: 'postgres://shop@127.0.0.1:1/shop' });
    try {
      const app = createApp({ ...shop.deps, db: unreachable, log: () => {} });
      const ready = await app.request('/api/health/ready/');
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { error: { code: string } }).error.code).toBe(
        'database_unavailable',
      );
      expect((await app.request('/api/health/live/')).status).toBe(200);
    } finally {
      await unreachable.close();
    }
  });
});
