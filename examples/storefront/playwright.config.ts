import { defineConfig, devices } from '@playwright/test';
import { shopDataDir, shopServer, shopSuite } from '../../scripts/e2e-config.mjs';
import {
  E2E_PORT,
  LIFECYCLE_PORT,
  LIFECYCLE_URL,
  MAINTENANCE_MESSAGE,
  MAINTENANCE_PORT,
  MAINTENANCE_URL,
} from './e2e/servers';

// The e2e suite drives Debian's chromium (never a downloaded browser) against the same server
// `pnpm start` runs, on a fresh database in a temporary folder. scripts/check.mjs builds first
// and reads the JSON report.
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const dataDir = shopDataDir('E2E_DATA_DIR', 'shop-e2e-');
// The maintenance modal's shop (e2e/servers.ts) has a small database of its own.
const maintenanceDataDir = shopDataDir('E2E_MAINTENANCE_DATA_DIR', 'shop-e2e-maintenance-');
// The order lifecycle's shop (e2e/servers.ts) keeps its database and mailbox here.
const lifecycleDataDir = shopDataDir('E2E_LIFECYCLE_DATA_DIR', 'shop-e2e-lifecycle-');
// Which test file uses which product of a shop (e2e/account-support.ts, findProduct).
shopDataDir('E2E_CLAIMS_DIR', 'shop-e2e-claims-');

const browser = { ...devices['Desktop Chrome'], channel: undefined };
// The files that drive the lifecycle shop, whose clock order-lifecycle moves past a due date: a
// password-reset link account-mail has just been mailed must not expire under it.
const LIFECYCLE_FILES = ['account-mail.e2e.ts', 'order-lifecycle.e2e.ts'];

export default defineConfig({
  ...shopSuite({ baseURL, timeout: 60_000, expectTimeout: 10_000 }),
  // Two test files at a time (each file's tests in order, in one worker): each file has its own
  // members and claims its own products, and the servers are only read by the others
  // (docs/performance.md, "CI duration").
  workers: 2,
  projects: [
    { name: 'chromium', use: browser, testIgnore: LIFECYCLE_FILES.map((f) => `**/${f}`) },
    // One file at a time on the lifecycle shop, next to the other project's files.
    {
      name: 'chromium-lifecycle',
      use: browser,
      testMatch: LIFECYCLE_FILES.map((f) => `**/${f}`),
      workers: 1,
    },
  ],
  // The two small shops start beside the main one (each takes ~10-20 s, mostly the server's
  // transpilation), not after it; e2e/shops-ready.ts waits for them before the first test.
  globalSetup: './e2e/shops-ready.ts',
  webServer: [
    shopServer({
      url: MAINTENANCE_URL,
      awaited: false,
      env: {
        PORT: String(MAINTENANCE_PORT),
        DATA_DIR: maintenanceDataDir,
        SEED_PRODUCTS: '20',
        MAINTENANCE_MESSAGE,
        NODE_ENV: 'production',
      },
    }),
    shopServer({
      url: LIFECYCLE_URL,
      awaited: false,
      env: {
        PORT: String(LIFECYCLE_PORT),
        PUBLIC_ORIGIN: LIFECYCLE_URL,
        DATA_DIR: lifecycleDataDir,
        SEED_PRODUCTS: '40',
        OPERATOR_TOKEN: process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef',
        // Test-only, refused under NODE_ENV=production: the test moves this shop's clock.
        TEST_CLOCK: 'true',
        NODE_ENV: 'test',
      },
    }),
    shopServer({
      url: baseURL,
      stdout: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        // As a deployment sets it: og:url and og:image are absolute on this origin.
        PUBLIC_ORIGIN: baseURL,
        DATA_DIR: dataDir,
        SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '600',
        STOREFRONT_DEV_PAGES: 'true',
        // The account journey ships orders and moves a release date through the operator
        // endpoints (points are granted when an order ships).
        OPERATOR_TOKEN: process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef',
        NODE_ENV: 'production',
      },
    }),
  ],
});
