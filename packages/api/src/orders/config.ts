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
}

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

function payeeFrom(env: NodeJS.ProcessEnv): PayeeConfig {
  const text = (name: string, fallback: string) => env[name]?.trim() || fallback;
  const base = env.BANK_VIRTUAL_ACCOUNT_BASE;
  const virtualAccountBase =
    base === undefined || base === '' ? DEMO_PAYEE.virtualAccountBase : Number(base);
  if (!/^\d{7}$/.test(String(virtualAccountBase)) || virtualAccountBase % 1_000_000 !== 0) {
    throw new Error('BANK_VIRTUAL_ACCOUNT_BASE must be a 7-digit number ending in 000000');
  }
  const yuchoSymbol = text('YUCHO_SYMBOL', DEMO_PAYEE.yuchoSymbol);
  if (!/^\d{5}-\d$/.test(yuchoSymbol)) throw new Error('YUCHO_SYMBOL must look like 00120-3');
  const yuchoNumber = text('YUCHO_NUMBER', DEMO_PAYEE.yuchoNumber);
  if (!/^\d{1,7}$/.test(yuchoNumber)) throw new Error('YUCHO_NUMBER must be 1-7 digits');
  return {
    bankName: text('BANK_NAME', DEMO_PAYEE.bankName),
    branchName: text('BANK_BRANCH_NAME', DEMO_PAYEE.branchName),
    virtualAccountBase,
    accountHolder: text('BANK_ACCOUNT_HOLDER', DEMO_PAYEE.accountHolder),
    yuchoSymbol,
    yuchoNumber,
  };
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is required when PAYMENT_GATEWAY=gmo`);
  return value;
}

/** GMO's test site for an endpoint on its host; any other endpoint is a production contract. */
function gmoEnvironment(baseUrl: string): keyof typeof GMO_ENDPOINTS {
  return new URL(baseUrl).host === new URL(GMO_ENDPOINTS.test).host ? 'test' : 'production';
}

/**
 * Reads PAYMENT_GATEWAY (`sandbox` or `gmo`), GMO_BASE_URL (default GMO's test endpoint),
 * GMO_SHOP_ID, GMO_SHOP_PASS, GMO_SITE_ID, GMO_SITE_PASS, GMO_TIMEOUT_MS,
 * SANDBOX_TIMEOUT_DELAY_MS, CHECKOUT_LEASE_MS, OPERATOR_TOKEN (at least 32 characters) and the
 * payee accounts BANK_NAME, BANK_BRANCH_NAME, BANK_VIRTUAL_ACCOUNT_BASE, BANK_ACCOUNT_HOLDER,
 * YUCHO_SYMBOL, YUCHO_NUMBER.
 */
export function loadCommerceConfig(env: NodeJS.ProcessEnv = process.env): CommerceConfig {
  const kind = env.PAYMENT_GATEWAY || 'sandbox';
  if (kind !== 'sandbox' && kind !== 'gmo')
    throw new Error('PAYMENT_GATEWAY must be sandbox or gmo');
  const gmoBaseUrl = env.GMO_BASE_URL || GMO_ENDPOINTS.test;
  const operatorToken = env.OPERATOR_TOKEN || undefined;
  if (operatorToken !== undefined && operatorToken.length < 32) {
    throw new Error('OPERATOR_TOKEN must be at least 32 characters');
  }
  return {
    gateway:
      kind === 'sandbox'
        ? {
            kind,
            timeoutDelayMs: positive(env.SANDBOX_TIMEOUT_DELAY_MS, 1, 'SANDBOX_TIMEOUT_DELAY_MS'),
          }
        : {
            kind,
            baseUrl: gmoBaseUrl,
            environment: gmoEnvironment(gmoBaseUrl),
            shopId: required(env, 'GMO_SHOP_ID'),
            shopPass: required(env, 'GMO_SHOP_PASS'),
            siteId: required(env, 'GMO_SITE_ID'),
            sitePass: required(env, 'GMO_SITE_PASS'),
            timeoutMs: positive(env.GMO_TIMEOUT_MS, 10_000, 'GMO_TIMEOUT_MS'),
          },
    checkoutLeaseMs: positive(env.CHECKOUT_LEASE_MS, 60_000, 'CHECKOUT_LEASE_MS'),
    operatorToken,
    payee: payeeFrom(env),
  };
}
