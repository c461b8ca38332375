import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_LAUNCH } from '../../scripts/chromium.mjs';

/**
 * The rules' tests, properties included, once in Chromium (Vitest browser mode): Intl, the
 * Date arithmetic of Japan time and the regular expressions are the browser's own there, not
 * Node's. Debian's chromium, as the storefront's e2e suite uses; nothing downloads a browser.
 * `pnpm --filter @shop/rules run test:browser`; CI runs it in the e2e suite.
 */
const { FC_SEED, FC_PATH, FC_NUM_RUNS } = process.env;

export default defineConfig({
  // A browser has no `process`: test/setup.ts reads the replay settings from this object instead.
  define: { 'process.env': JSON.stringify({ FC_SEED, FC_PATH, FC_NUM_RUNS }) },
  // Pre-bundled before the first test file, so Vite does not discover them one file at a time
  // and reload the page midway.
  optimizeDeps: {
    include: [
      '@fast-check/vitest',
      'fast-check',
      'zod',
      'wanakana',
      'isbot',
      'date-fns/locale/ja',
      'date-fns-tz',
    ],
  },
  test: {
    name: 'rules-browser',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    // Reads src/index.ts and docs/rules.md from disk with the TypeScript compiler: not a rule.
    exclude: ['src/index.test.ts'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 20_000,
    // As in Node (vitest.workspace.ts): the rules are pure functions, so the test files share
    // one page and its module cache instead of importing fast-check again for each of 86 files.
    isolate: false,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        // A zone with daylight saving time, neither UTC nor Japan's: the answers must not move.
        contextOptions: { timezoneId: 'America/Los_Angeles', locale: 'en-US' },
        launchOptions: CHROMIUM_LAUNCH,
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
