import { waitForShop } from '../../../scripts/e2e-config.mjs';
import { LIFECYCLE_URL, MAINTENANCE_URL } from './servers';

/**
 * Playwright's global set-up, once every webServer has started: the maintenance and lifecycle
 * shops were started without a wait of their own beside the main shop (playwright.config.ts), and
 * must answer before the first test.
 */
export default async function shopsReady(): Promise<void> {
  await Promise.all([MAINTENANCE_URL, LIFECYCLE_URL].map((url) => waitForShop(url)));
}
