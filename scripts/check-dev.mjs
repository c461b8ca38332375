#!/usr/bin/env node
// Check (default suite): `pnpm dev` is the development loop docs/operations.md describes (issue
// 15: it did not exist). It serves a server-rendered page that loads the browser's modules from
// source through Vite (the HMR client and the entry), and when a file of @shop/api changes, tsx
// watch restarts the process, which serves again on the same port and embedded database.
// Starts on a new embedded database in a temporary folder; the touched file gets its
// modification time back afterwards, so no build counts it as changed.
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { root, sleep, spawnShop } from './lib/shop-process.mjs';

const touched = join(root, 'packages/api/src/config/app.ts');
const failures = [];
const LISTENING = 'shop (development) on';

// DATABASE_URL emptied: the embedded database, whatever the caller's environment says.
const {
  child: dev,
  port,
  output,
  removeData,
  finish,
} = await spawnShop('dev', {
  folderPrefix: 'shop-dev-check-',
  env: { DATABASE_URL: '' },
});
const starts = () => output().split(LISTENING).length - 1;
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
  removeData();
}
finish(failures, `pnpm dev served a page from source and restarted when ${touched} changed`);
