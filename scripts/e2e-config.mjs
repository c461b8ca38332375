// What the storefront's and the back office's Playwright configs share (each adds its servers'
// settings, timeouts and viewports): the test files, where the artefacts go, the report
// scripts/check.mjs reads, a Japanese shopper's browser (Debian's chromium, Japan's time zone and
// locale), and how a suite starts a shop.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './chromium.mjs';

/**
 * The data folder (database, mailbox) of a shop a suite starts: `process.env[name]` when set,
 * else a new temporary folder, written back to `process.env[name]`: the test workers load the
 * config again, and must find the folder the servers were started with, not make another.
 */
export function shopDataDir(name, prefix) {
  const dir = process.env[name] ?? mkdtempSync(join(tmpdir(), prefix));
  process.env[name] = dir;
  return dir;
}

export const E2E_BASE = {
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './test-results/artifacts',
  // A file's tests run in order, one after another (later steps build on earlier ones); a suite
  // that keeps its files apart runs several files at a time (the storefront's, with 2 workers).
  // The back office's files share one shop and its catalog: one test at a time
  // (docs/performance.md, "CI duration").
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    // scripts/check.mjs counts the tests from this report.
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? './test-results/report.json' }],
  ],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: CHROMIUM_LAUNCH,
  },
};

/**
 * A suite's settings on E2E_BASE: the shop it drives (`baseURL`), how long a test may take and
 * how long an expectation waits.
 */
export function shopSuite({ baseURL, timeout, expectTimeout }) {
  return {
    ...E2E_BASE,
    timeout,
    expect: { timeout: expectTimeout },
    use: { ...E2E_BASE.use, baseURL },
  };
}

/**
 * A shop a suite starts (Playwright's webServer): the server `pnpm start` runs
 * (examples/storefront/server/main.ts, under tsx, from `cwd`), ready once `url`'s health check
 * answers, configured by `env` (PORT, DATA_DIR, SEED_PRODUCTS...); its errors are always shown,
 * its log when `stdout` is 'pipe'.
 *
 * Playwright starts its webServers one after another and waits for each before it starts the
 * next; a shop with `awaited: false` is started and left to start while the next ones do (its
 * port then is not checked first either): the suite's global set-up waits for it (waitForShop).
 */
export function shopServer({ url, env, stdout = 'ignore', cwd, awaited = true }) {
  return {
    command: 'pnpm exec tsx server/main.ts',
    ...(cwd === undefined ? {} : { cwd }),
    ...(awaited ? { url: `${url}/api/health/` } : {}),
    timeout: 240_000,
    reuseExistingServer: false,
    stdout,
    stderr: 'pipe',
    env,
  };
}

/** Resolves once the shop at `url` answers its health check; throws after `timeoutMs`. */
export async function waitForShop(url, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(
        `${url} did not answer its health check in ${timeoutMs} ms (see its errors above)`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
