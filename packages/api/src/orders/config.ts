import { GMO_ENDPOINTS } from '../payments/gmo/protocol';

/** Orders, payments and operator settings, read from the environment once at start. */
export interface CommerceConfig {
  /** Which card gateway: the local sandbox (default) or GMO Multipayment. */
  gateway:
    | { kind: 'sandbox'; timeoutDelayMs: number }
    | {
        kind: 'gmo';
        baseUrl: string;
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

/**
 * Reads PAYMENT_GATEWAY (`sandbox` or `gmo`), GMO_BASE_URL (default GMO's test endpoint),
 * GMO_SHOP_ID, GMO_SHOP_PASS, GMO_SITE_ID, GMO_SITE_PASS, GMO_TIMEOUT_MS,
 * SANDBOX_TIMEOUT_DELAY_MS, CHECKOUT_LEASE_MS and OPERATOR_TOKEN (at least 32 characters).
 */
export function loadCommerceConfig(env: NodeJS.ProcessEnv = process.env): CommerceConfig {
  const kind = env.PAYMENT_GATEWAY || 'sandbox';
  if (kind !== 'sandbox' && kind !== 'gmo')
    throw new Error('PAYMENT_GATEWAY must be sandbox or gmo');
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
            baseUrl: env.GMO_BASE_URL || GMO_ENDPOINTS.test,
            shopId: required(env, 'GMO_SHOP_ID'),
            shopPass: required(env, 'GMO_SHOP_PASS'),
            siteId: required(env, 'GMO_SITE_ID'),
            sitePass: required(env, 'GMO_SITE_PASS'),
            timeoutMs: positive(env.GMO_TIMEOUT_MS, 10_000, 'GMO_TIMEOUT_MS'),
          },
    checkoutLeaseMs: positive(env.CHECKOUT_LEASE_MS, 60_000, 'CHECKOUT_LEASE_MS'),
    operatorToken,
  };
}
