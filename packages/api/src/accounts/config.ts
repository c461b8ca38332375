import { parseTrustProxy, type TrustProxy } from './client-address';
import { OWASP_SCRYPT_PARAMS, type PasswordParams } from './password';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from './session-token';

/**
 * How many attempts a key may count within a window, and how long a key stays locked once a
 * failure fills it. Attempts are counted before they run (see services/throttle.ts).
 */
export interface ThrottlePolicy {
  maxAttempts: number;
  windowMs: number;
  lockMs: number;
}

/** Account, session and contact-form settings, read from the environment once at start. */
export interface AccountConfig {
  /** Adds `Secure` (and the `__Host-` name prefix) to the session cookie: set behind HTTPS. */
  secureCookie: boolean;
  /**
   * Origins (scheme://host[:port]) allowed to send state-changing requests besides the API's own
   * origin, e.g. the storefront's dev server.
   */
  allowedOrigins: string[];
  /**
   * TRUST_PROXY: the proxies trusted to report the client's address in X-Forwarded-For (see
   * accounts/client-address.ts); none by default, so the connection's peer is the client.
   */
  trustProxy: TrustProxy;
  session: SessionLifetime;
  password: PasswordParams;
  throttle: {
    /** Wrong passwords for one e-mail address, from anywhere (logins and withdrawals). */
    loginAccount: ThrottlePolicy;
    /**
     * Wrong passwords from one client address, for any account (shared NATs allowed for); also
     * failed takeovers from one address.
     */
    loginAddress: ThrottlePolicy;
    /** Failed takeover attempts by one member. */
    takeover: ThrottlePolicy;
    /**
     * Registrations from one client address that created no member (an e-mail address already
     * registered, an invalid birth date): what probing for members' addresses costs.
     */
    register: ThrottlePolicy;
    /**
     * Members created from one client address: higher than `register`, so a family or an office
     * behind one address is not locked out by its own registrations, yet capped.
     */
    registerMembers: ThrottlePolicy;
    /** Contact-form messages from one client address. */
    contact: ThrottlePolicy;
    /**
     * Card registrations the gateway refused (declined, unknown token) for one member: what
     * testing stolen card tokens costs.
     */
    cardMember: ThrottlePolicy;
    /** Refused card registrations from one client address, for any member. */
    cardAddress: ThrottlePolicy;
  };
  /** The bot-check widget's public site key (the spec's {key}); undefined: no bot check. */
  botCheckSiteKey: string | undefined;
}

const MINUTE = 60 * 1000;

export const DEFAULT_THROTTLE: AccountConfig['throttle'] = {
  loginAccount: { maxAttempts: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  loginAddress: { maxAttempts: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  takeover: { maxAttempts: 5, windowMs: 15 * MINUTE, lockMs: 30 * MINUTE },
  register: { maxAttempts: 10, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  registerMembers: { maxAttempts: 20, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  contact: { maxAttempts: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  cardMember: { maxAttempts: 5, windowMs: 60 * MINUTE, lockMs: 24 * 60 * MINUTE },
  cardAddress: { maxAttempts: 10, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
};

/**
 * An on/off setting: `true`/`1` or `false`/`0` (unset: off). Any other spelling (`on`, `yes`)
 * stops the start, so a security setting is never silently read as off.
 */
export function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new Error(`${name} must be true, 1, false or 0 (got ${value})`);
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

/**
 * Reads COOKIE_SECURE, ALLOWED_ORIGINS (comma-separated), TRUST_PROXY, SESSION_IDLE_MINUTES,
 * SESSION_ABSOLUTE_HOURS, SCRYPT_LOG_N and BOT_CHECK_SITE_KEY.
 */
export function loadAccountConfig(env: NodeJS.ProcessEnv = process.env): AccountConfig {
  const logN = positive(env.SCRYPT_LOG_N, OWASP_SCRYPT_PARAMS.logN, 'SCRYPT_LOG_N');
  if (logN < 14 || logN > 20) throw new Error('SCRYPT_LOG_N must be between 14 and 20');
  return {
    secureCookie: flag(env.COOKIE_SECURE, 'COOKIE_SECURE'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    session: {
      idleMs:
        positive(
          env.SESSION_IDLE_MINUTES,
          DEFAULT_SESSION_LIFETIME.idleMs / MINUTE,
          'SESSION_IDLE_MINUTES',
        ) * MINUTE,
      absoluteMs:
        positive(
          env.SESSION_ABSOLUTE_HOURS,
          DEFAULT_SESSION_LIFETIME.absoluteMs / (60 * MINUTE),
          'SESSION_ABSOLUTE_HOURS',
        ) *
        60 *
        MINUTE,
    },
    password: { ...OWASP_SCRYPT_PARAMS, logN },
    throttle: DEFAULT_THROTTLE,
    botCheckSiteKey: env.BOT_CHECK_SITE_KEY || undefined,
  };
}
