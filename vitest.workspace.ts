import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The root test configuration. vitest 4 no longer reads a file by this name on
 * its own, so every script passes `--config vitest.workspace.ts`. Each project
 * owns exactly one folder and inherits nothing from this root, so no test is picked up twice or
 * by the wrong runner;
 * Playwright specs (`*.e2e.ts`) are never matched here.
 *
 * Consumer projects set `resolve: { alias: { '@shop/rules': rulesSource } }` so their tests
 * never run against a stale build of the rules.
 */
const rulesSource = fileURLToPath(new URL('./packages/rules/src/index.ts', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      // ── rules ──
      {
        test: {
          name: 'rules',
          root: './packages/rules',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./test/setup.ts'],
          // The rules are pure functions, so test files can share a module cache: importing
          // @fast-check/vitest costs ~2.5 s per isolated file, ~4 min per time zone in all.
          isolate: false,
          // Properties run hundreds of cases; a loaded 2-core CI machine needs more than 5 s.
          testTimeout: 20_000,
        },
      },
      // ── api ──
      {
        test: {
          name: 'api',
          root: './packages/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds once per run; every test file starts from a copy.
          globalSetup: ['./test/support/templates.ts'],
          // Each test file opens its own database (PGlite in memory, or a fresh PostgreSQL
          // database); forks keep PGlite's WASM heaps apart and two at a time fit 2 cores.
          pool: 'forks',
          maxWorkers: 2,
          // Files share each worker's module cache (no test file mocks a module): importing the
          // API's modules again for every file took 100-110 s of the suite's worker time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
        resolve: { alias: { '@shop/rules': rulesSource } },
      },
      // ── ui: what the storefront and the back office share ──
      {
        test: {
          name: 'ui',
          root: './packages/ui',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing-setup.ts'],
          testTimeout: 30_000,
          environment: 'jsdom',
        },
        resolve: { alias: { '@shop/rules': rulesSource } },
      },
      // ── storefront ──
      {
        test: {
          name: 'storefront',
          root: './examples/storefront',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
          // The same loaded machine: vitest's 5 s default timed out a modal route test there.
          testTimeout: 30_000,
          environment: 'jsdom',
        },
        resolve: { alias: { '@shop/rules': rulesSource } },
      },
      // ── backoffice ──
      {
        test: {
          name: 'backoffice',
          root: './examples/backoffice',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
          testTimeout: 30_000,
          environment: 'jsdom',
          // The app runs under /admin/ (wouter's base), as the shop's server serves it.
          environmentOptions: { jsdom: { url: 'http://localhost:3000/admin/' } },
        },
        resolve: { alias: { '@shop/rules': rulesSource } },
      },
    ],
  },
});
