// The two shops playwright.config.ts starts: the e2e shop, and on the next port a shop whose API
// announces maintenance (MAINTENANCE_MESSAGE is read when the server starts).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export const MAINTENANCE_PORT = E2E_PORT + 1;

export const MAINTENANCE_URL = `http://127.0.0.1:${MAINTENANCE_PORT}`;

export const MAINTENANCE_MESSAGE =
  '12月1日 2:00〜4:00 はシステムメンテナンスのため、ご注文いただけません。';

/**
 * The order lifecycle's shop: its own database and a clock the test moves (TEST_CLOCK, which
 * needs NODE_ENV other than production), so travelling past a due date leaves the other shops'
 * clocks alone. Without SMTP_URL its mails are kept in its data folder (/dev/mailbox).
 */
export const LIFECYCLE_PORT = E2E_PORT + 2;

export const LIFECYCLE_URL = `http://127.0.0.1:${LIFECYCLE_PORT}`;
