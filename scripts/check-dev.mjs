#!/usr/bin/env node
// Check (default suite): `pnpm dev` is the development loop docs/operations.md describes (issue
// 15: it did not exist). It serves a server-rendered page that loads the browser's modules from
// source through Vite (the HMR client and the entry), and when a file of @shop/api changes, tsx
// watch restarts the process, which serves again on the same port and embedded database.
// Starts on a new embedded database in a temporary folder; the touched file gets its
// modification time back afterwards, so no build counts it as changed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const touched = join(root, 'packages/api/src/config/app.ts');
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'shop-dev-check-'));
const failures = [];
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const LISTENING = 'shop (development) on';

// Its own process group, to stop pnpm, tsx watch and the server together.
const dev = spawn('pnpm', ['dev'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_PRODUCTS: '0',
    DATABASE_URL: '',
  },
});
let output = '';
dev.stdout.on('data', (chunk) => (output += chunk));
dev.stderr.on('data', (chunk) => (output += chunk));
const starts = () => output.split(LISTENING).length - 1;
async function waitFor(what, test, withinMs) {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(250)) {
    if (await test()) return true;
  }
  failures.push(`${what} within ${withinMs / 1000} s`);
  return false;
}
const get = (path) =>
  fetch(`http://127.0.0.1:${port}${path}`).then(
    async (r) => ({
      status: r.status,
      type: r.headers.get('content-type') ?? '',
      body: await r.text(),
    }),
    () => ({ status: 0, type: '', body: '' }),
  );

const { atime, mtime } = statSync(touched);
try {
  if (await waitFor('pnpm dev listening', () => starts() >= 1, 300_000)) {
    const page = await get('/');
    if (page.status !== 200 || !page.type.startsWith('text/html')) {
      failures.push(`GET / answered ${page.status} ${page.type}`);
    }
    if (!page.body.includes('/@shop/dev-entry.js')) failures.push('the page loads no source entry');
    for (const path of ['/@vite/client', '/src/entry-client.tsx']) {
      const module = await get(path);
      if (module.status !== 200 || !module.type.includes('javascript')) {
        failures.push(`GET ${path} answered ${module.status} ${module.type}`);
      }
    }
    // An edit of the API (its modification time is enough for the watcher).
    const now = new Date();
    utimesSync(touched, now, now);
    if (await waitFor('a restart after an API file changed', () => starts() >= 2, 180_000)) {
      await waitFor(
        'the restarted process serving',
        async () => (await get('/api/health/ready/')).status === 200,
        60_000,
      );
    }
  }
} finally {
  utimesSync(touched, atime, mtime);
  try {
    process.kill(-dev.pid, 'SIGTERM');
  } catch {}
  await sleep(3000);
  try {
    process.kill(-dev.pid, 'SIGKILL');
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`${failures.join('\n')}\n--- pnpm dev's output:\n${output}`);
  process.exit(1);
}
console.log(`pnpm dev served a page from source and restarted when ${touched} changed`);
