// The two shops playwright.config.ts starts: the e2e shop, and on the next port a shop whose API
// announces maintenance (MAINTENANCE_MESSAGE is read when the server starts).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export const MAINTENANCE_PORT = E2E_PORT + 1;

export const MAINTENANCE_URL = `http://127.0.0.1:${MAINTENANCE_PORT}`;

export const MAINTENANCE_MESSAGE =
  '12月1日 2:00〜4:00 はシステムメンテナンスのため、ご注文いただけません。';
