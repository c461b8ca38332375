#!/usr/bin/env node
// `pnpm bench:web`: Lighthouse (mobile preset, the default config) on the storefront served by
// the same server `pnpm start` runs, median of 3 runs per page, plus first-load JS and CSS per
// route (gzip). Prints one JSON line per page. Run after `pnpm build` of rules and storefront
// (the root script does both). Debian's chromium only: CHROME_PATH defaults to /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { firstLoadSizes } from './first-load.mjs';
import { lighthouseMedian, startChrome } from './lighthouse-median.mjs';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3230);
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const server = spawn('pnpm', ['exec', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const chrome = startChrome(debugPort, dataDir);

function stop() {
  for (const child of [server, chrome]) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', () => {
  stop();
  rmSync(dataDir, { recursive: true, force: true });
});

try {
  await waitFor(`${base}/api/health/`, 300_000);
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 30_000);
  const home = await (await fetch(`${base}/api/homedata/`)).json();
  const product = [...home.new_arrivals, ...home.releases_today.items].find((p) => !p.is_adult);
  const pages = [
    { route: 'top', path: '/' },
    { route: 'search', path: `/search?q=${encodeURIComponent('限定版')}` },
    { route: 'product', path: `/product/${product.slug}` },
    { route: 'ranking', path: '/ranking/daily' },
  ];
  const sizes = new Map(firstLoadSizes(join(root, 'dist', 'client')).map((s) => [s.route, s]));
  for (const page of pages) {
    // One unmeasured load warms the server's caches and the image cache, as a live shop would be.
    await fetch(`${base}${page.path}`);
    const lighthouse = await lighthouseMedian(`${base}${page.path}`, { port: debugPort, runs });
    const size = sizes.get(page.route);
    console.log(
      JSON.stringify({
        page: page.path,
        ...lighthouse,
        firstLoadJsGzipKb: size ? Number((size.jsGzip / 1024).toFixed(1)) : null,
        firstLoadCssGzipKb: size ? Number((size.cssGzip / 1024).toFixed(1)) : null,
      }),
    );
  }
} finally {
  stop();
}
process.exit(0);
