// What the storefront's and the back office's Playwright configs share (each adds its servers,
// timeouts and viewports): the test files, where the artefacts go, the report scripts/check.mjs
// reads, and a Japanese shopper's browser (Debian's chromium, Japan's time zone and locale).
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
  // One test at a time: a suite's tests share one shop and its catalog (docs/performance.md,
  // "CI duration").
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
