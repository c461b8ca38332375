import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The root test configuration. vitest 4 no longer reads a file by this name on
 * its own, so every script passes `--config vitest.workspace.ts`. Each project
 * owns exactly one folder, so no test is picked up twice or by the wrong runner;
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
        extends: false,
        test: {
          name: 'rules',
          root: './packages/rules',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./test/setup.ts'],
        },
      },
      // ── api ──
      // ── storefront ──
    ],
  },
});
