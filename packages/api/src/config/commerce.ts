import {
  bearerTokenVariable,
  demoTextVariable,
  integerVariable,
  optionalTextVariable,
  parseVariables,
  variable,
} from '../lib/environment';
import { GMO_ENDPOINTS } from '../payments/gmo/protocol';

/** Orders, payments and operator settings, read from the environment once at start. */
export interface CommerceConfig {
  /** Which card gateway: the local sandbox (default) or GMO Multipayment. */
  gateway:
    | { kind: 'sandbox'; timeoutDelayMs: number }
    | {
        kind: 'gmo';
        baseUrl: string;
        /**
         * The GMO site `baseUrl` belongs to: `test` on GMO's test host, `production` (a
         * production contract) for any other endpoint. The browser's token script must match it.
         */
        environment: keyof typeof GMO_ENDPOINTS;
        shopId: string;
        shopPass: string;
        siteId: string;
        sitePass: string;
        timeoutMs: number;
      };
  /**
   * How long a confirm may run before a retry with the same idempotency key may take it over
   * (its server is then presumed dead). Longer than a gateway timeout plus a transaction.
   */
  checkoutLeaseMs: number;
  /** Bearer token of the operator endpoints; undefined disables them. */
  operatorToken: string | undefined;
  /** Where shoppers send bank transfers and Yucho payments (shown with the order). */
  payee: PayeeConfig;
  /** Who sells: printed on the packing slip and 納品書 (GET /api/admin/orders/{id}/). */
  seller: SellerConfig;
}

/** The seller as a delivery note names it (特定商取引法に基づく表記 says the same). */
export interface SellerConfig {
  name: string;
  address: string;
  phone: string;
}

/** The demo shop (examples/storefront/src/config.ts SELLER shows the same). */
export const DEMO_SELLER: SellerConfig = {
  name: '株式会社しおり書房',
  address: '〒101-0051 東京都千代田区神田神保町1-2-3 しおりビル5階',
  phone: '03-5555-0123',
};

/**
 * The shop's receiving accounts. Bank transfers go to a virtual account per order (the bank tells
 * the shop which order the money is for): `virtualAccountBase` plus the order id, 7 digits.
 * The defaults are the demo shop's made-up accounts; a real shop sets every BANK_* and YUCHO_*.
 */
export interface PayeeConfig {
  bankName: string;
  branchName: string;
  virtualAccountBase: number;
  accountHolder: string;
  yuchoSymbol: string;
  yuchoNumber: string;
}

/** The demo shop's receiving accounts (not real accounts). */
export const DEMO_PAYEE: PayeeConfig = {
  bankName: 'みずほ銀行',
  branchName: 'オンライン支店',
  virtualAccountBase: 9_000_000,
  accountHolder: 'カ）ホンノミセ',
  yuchoSymbol: '00120-3',
  yuchoNumber: '123456',
};

/** Orders, payments and operator variables (see lib/environment.ts; docs/operations.md). */
export const COMMERCE_VARIABLES = {
  PAYMENT_GATEWAY: variable(
    {
      default: '`sandbox`',
      description:
        '`sandbox` or `gmo`; the storefront\'s card form tokenises with the same gateway (see "Card payments")',
    },
    (raw) => {
      const kind = raw ?? 'sandbox';
      if (kind !== 'sandbox' && kind !== 'gmo')
        throw new Error(`must be sandbox or gmo (got ${kind})`);
      return kind;
    },
  ),
  GMO_BASE_URL: variable(
    {
      default: "GMO's test endpoint",
      description:
        "GMO Multipayment's endpoint; it also picks the storefront's token script (test or production)",
    },
    (raw) => {
      const url = raw ?? GMO_ENDPOINTS.test;
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        throw new Error(`must be an http(s) URL (got ${url})`);
      }
      return url;
    },
  ),
  GMO_SHOP_ID: optionalTextVariable('GMO shop id (required with `gmo`; public)'),
  GMO_SHOP_PASS: optionalTextVariable('GMO shop password (required with `gmo`)'),
  GMO_SITE_ID: optionalTextVariable('GMO site id (required with `gmo`)'),
  GMO_SITE_PASS: optionalTextVariable('GMO site password (required with `gmo`)'),
  GMO_TIMEOUT_MS: integerVariable('how long a call to GMO may take', 10_000, { min: 1 }),
  SANDBOX_TIMEOUT_DELAY_MS: integerVariable(
    "how long the sandbox gateway's simulated timeout card waits (tests)",
    1,
    { min: 1 },
  ),
  CHECKOUT_LEASE_MS: integerVariable(
    'how long an in-flight checkout holds its idempotency key before recovery may take it over',
    60_000,
    { min: 1 },
  ),
  OPERATOR_TOKEN: bearerTokenVariable(
    'staff API tokens only',
    'legacy shared bearer token (32+ characters) for `/api/operator/` and `/api/admin/`, acting as an owner; per-staff API tokens replace it',
  ),
  BANK_NAME: demoTextVariable(
    DEMO_PAYEE.bankName,
    'the bank receiving transfers, shown with bank-transfer orders',
  ),
  BANK_BRANCH_NAME: demoTextVariable(DEMO_PAYEE.branchName, "that bank's branch"),
  BANK_VIRTUAL_ACCOUNT_BASE: variable(
    {
      default: `${DEMO_PAYEE.virtualAccountBase} (demo)`,
      description:
        "7 digits ending in 000000; each order's virtual account is this plus the order id (mod 1,000,000)",
    },
    (raw) => {
      const base = raw === undefined ? DEMO_PAYEE.virtualAccountBase : Number(raw);
      if (!/^\d{7}$/.test(String(base)) || base % 1_000_000 !== 0) {
        throw new Error('must be a 7-digit number ending in 000000');
      }
      return base;
    },
  ),
  BANK_ACCOUNT_HOLDER: demoTextVariable(
    DEMO_PAYEE.accountHolder,
    'account holder name of the bank and Yucho accounts, in katakana as banks print it',
  ),
  YUCHO_SYMBOL: demoTextVariable(
    DEMO_PAYEE.yuchoSymbol,
    'the Yucho (ゆうちょ振替) account symbol, `nnnnn-n`',
    {
      pattern: /^\d{5}-\d$/,
      expected: 'must look like 00120-3',
    },
  ),
  YUCHO_NUMBER: demoTextVariable(DEMO_PAYEE.yuchoNumber, 'the Yucho account number, 1-7 digits', {
    pattern: /^\d{1,7}$/,
    expected: 'must be 1-7 digits',
  }),
  SELLER_NAME: demoTextVariable(DEMO_SELLER.name, "the seller's name on packing slips and 納品書"),
  SELLER_ADDRESS: demoTextVariable(
    DEMO_SELLER.address,
    "the seller's postal address on packing slips and 納品書",
  ),
  SELLER_PHONE: demoTextVariable(
    DEMO_SELLER.phone,
    "the seller's telephone number on packing slips and 納品書",
  ),
};

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required when PAYMENT_GATEWAY=gmo`);
  return value;
}

/** GMO's test site for an endpoint on its host; any other endpoint is a production contract. */
function gmoEnvironment(baseUrl: string): keyof typeof GMO_ENDPOINTS {
  return new URL(baseUrl).host === new URL(GMO_ENDPOINTS.test).host ? 'test' : 'production';
}

/** Reads the commerce variables (COMMERCE_VARIABLES), refusing any it cannot read. */
export function loadCommerceConfig(env: NodeJS.ProcessEnv = process.env): CommerceConfig {
  const vars = parseVariables(COMMERCE_VARIABLES, env);
  return {
    gateway:
      vars.PAYMENT_GATEWAY === 'sandbox'
        ? { kind: 'sandbox', timeoutDelayMs: vars.SANDBOX_TIMEOUT_DELAY_MS }
        : {
            kind: 'gmo',
            baseUrl: vars.GMO_BASE_URL,
            environment: gmoEnvironment(vars.GMO_BASE_URL),
            shopId: required(vars.GMO_SHOP_ID, 'GMO_SHOP_ID'),
            shopPass: required(vars.GMO_SHOP_PASS, 'GMO_SHOP_PASS'),
            siteId: required(vars.GMO_SITE_ID, 'GMO_SITE_ID'),
            sitePass: required(vars.GMO_SITE_PASS, 'GMO_SITE_PASS'),
            timeoutMs: vars.GMO_TIMEOUT_MS,
          },
    checkoutLeaseMs: vars.CHECKOUT_LEASE_MS,
    operatorToken: vars.OPERATOR_TOKEN,
    payee: {
      bankName: vars.BANK_NAME,
      branchName: vars.BANK_BRANCH_NAME,
      virtualAccountBase: vars.BANK_VIRTUAL_ACCOUNT_BASE,
      accountHolder: vars.BANK_ACCOUNT_HOLDER,
      yuchoSymbol: vars.YUCHO_SYMBOL,
      yuchoNumber: vars.YUCHO_NUMBER,
    },
    seller: {
      name: vars.SELLER_NAME,
      address: vars.SELLER_ADDRESS,
      phone: vars.SELLER_PHONE,
    },
  };
}
