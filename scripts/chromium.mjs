// Debian's chromium as every browser run of the project launches it: the e2e suites of the
// storefront and the back office, the rules' Vitest browser mode, and the storefront's benchmarks
// (Lighthouse, the account benchmark). Nothing downloads a browser; CI installs Debian's.

/** The browser's executable: Debian's, unless CHROMIUM_PATH (or the older CHROME_PATH) says. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Runs as root in a container without a GPU (no sandbox, no GPU), and does nothing of its own
 * (no background downloads, component updates, sync or first-run pages) that would compete with
 * the tests or the measured pages.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launch options for Playwright (a config's `use.launchOptions`, or `chromium.launch`). */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
