// The shop playwright.config.ts starts for the back office's browser suite: the server `pnpm start`
// runs (examples/storefront/server/main.ts: the API, the storefront and /admin/), on its own port
// and database, its mails kept in DATA_DIR/mailbox (no SMTP_URL).

export const BACKOFFICE_E2E_PORT = Number(process.env.BACKOFFICE_E2E_PORT ?? 3230);

export const BACKOFFICE_E2E_URL = `http://127.0.0.1:${BACKOFFICE_E2E_PORT}`;

/** The legacy operator token the shop runs with: the test's own owner for setting data up. */
export const OPERATOR_TOKEN =
  process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef';
