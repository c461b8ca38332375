import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The console line a Content-Security-Policy violation is reported with (see below). */
export const CSP_VIOLATION = 'securitypolicyviolation';

/**
 * Every test collects the page's console errors and uncaught exceptions and fails on any.
 * Tests that cause an error on purpose (an error page, a failed chunk) list the browser's own
 * "Failed to load resource" lines they expect in `allowedConsoleErrors` (and nothing else).
 * Every document also reports each Content-Security-Policy violation as a console error, so no
 * page of any test may break the shop's own CSP.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      await page.addInitScript((label) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`${label}: ${event.effectiveDirective} blocked ${event.blockedURI}`);
        });
      }, CSP_VIOLATION);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (allowedConsoleErrors.some((allowed) => text.includes(allowed))) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe-core on the page; serious and critical violations fail the test. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The browser's line for a document or fetch answered with `status`. */
export const failedWithStatus = (status: number) =>
  `Failed to load resource: the server responded with a status of ${status}`;

/** Waits until React has hydrated the server-rendered page (the app marks <html> when ready). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Opens `path` as a shopper does and waits until it is hydrated (it answers to input). */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}
