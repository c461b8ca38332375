import { defineConfig, devices } from '@playwright/test';
import { shopDataDir, shopServer, shopSuite } from '../../scripts/e2e-config.mjs';
import { BACKOFFICE_E2E_PORT, BACKOFFICE_E2E_URL, OPERATOR_TOKEN } from './e2e/servers';

// The back office's browser suite drives Debian's chromium (never a downloaded browser) against
// the server `pnpm start` runs, built first (scripts/check.mjs e2e builds the storefront and the
// back office), on a fresh database in a temporary folder. Each journey runs at a desk's 1280 px
// and a tablet's 768 px; screenshots of each step are attached to the report.
const dataDir = shopDataDir('BACKOFFICE_E2E_DATA_DIR', 'shop-backoffice-e2e-');

export default defineConfig({
  ...shopSuite({ baseURL: BACKOFFICE_E2E_URL, timeout: 300_000, expectTimeout: 15_000 }),
  projects: [
    {
      name: 'desk-1280',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 1280, height: 900 },
      },
    },
    {
      name: 'tablet-768',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 768, height: 1024 },
      },
    },
  ],
  webServer: shopServer({
    url: BACKOFFICE_E2E_URL,
    cwd: '../storefront',
    env: {
      PORT: String(BACKOFFICE_E2E_PORT),
      PUBLIC_ORIGIN: BACKOFFICE_E2E_URL,
      DATA_DIR: dataDir,
      // Enough titles that the demo catalog has 価格未定 and reservable editions.
      SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '300',
      OPERATOR_TOKEN,
      NODE_ENV: 'production',
    },
  }),
});
