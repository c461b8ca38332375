import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The e2e suite drives Debian's chromium (never a downloaded browser) against the same server
// `pnpm start` runs, on a fresh database in a temporary folder. scripts/check.mjs builds first
// and reads the JSON report.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? './test-results/report.json' }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'pnpm exec tsx server/main.ts',
    url: `${baseURL}/api/health/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '600',
      STOREFRONT_DEV_PAGES: 'true',
      // The account journey ships orders through the operator endpoint (points are granted then).
      OPERATOR_TOKEN: process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef',
      NODE_ENV: 'production',
    },
  },
});
