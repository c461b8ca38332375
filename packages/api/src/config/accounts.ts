import { parseTrustProxy, type TrustProxy } from '../accounts/client-address';
import { TURNSTILE_SITEVERIFY_URL, type TurnstileSettings } from '../accounts/turnstile';
import { OWASP_SCRYPT_PARAMS, type PasswordParams } from '../auth/password';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from '../auth/session-token';
import {
  integerVariable,
  optionalTextVariable,
  type ParsedVariables,
  parseVariables,
  readFlag,
  variable,
} from '../lib/environment';

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
    /**
     * Password-reset requests for one e-mail address, member or not (each sends a mail): what
     * flooding a mailbox with reset mails costs.
     */
    passwordResetAccount: ThrottlePolicy;
    /** Password-reset requests from one client address, for any e-mail address. */
    passwordResetAddress: ThrottlePolicy;
    /** E-mail change requests by one member (each mails a link to an address of their choice). */
    emailChange: ThrottlePolicy;
    /** Account links (reset, e-mail change) refused as unknown or used, from one client address. */
    accountLinkAddress: ThrottlePolicy;
  };
  /** The bot-check widget's public site key (the spec's {key}); undefined: no bot check. */
  /** Cloudflare Turnstile on the contact form; null (off) unless both of its keys are set. */
  botCheck: TurnstileSettings | null;
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
  passwordResetAccount: { maxAttempts: 3, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  passwordResetAddress: { maxAttempts: 10, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  emailChange: { maxAttempts: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  accountLinkAddress: { maxAttempts: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
};

/** The accounts' environment variables (see lib/environment.ts; documented in docs/operations.md). */
export const ACCOUNT_VARIABLES = {
  COOKIE_SECURE: variable(
    {
      default: 'off',
      description:
        '`Secure` + `__Host-` session cookie; set it behind HTTPS (`true`/`1` or `false`/`0`; any other spelling stops the start)',
    },
    readFlag,
  ),
  ALLOWED_ORIGINS: variable(
    {
      default: 'same origin',
      description: 'extra origins allowed to send state-changing requests (comma-separated)',
    },
    (raw) =>
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
  ),
  TRUST_PROXY: variable(
    {
      default: 'off',
      description:
        "which proxies in front of the shop may say who the client is, as Express's `trust proxy`: `false`/`0`/unset: none, the connection's peer is the client and `X-Forwarded-For` is ignored; `true`: one proxy (the load balancer); a number `n`: `n` proxies in a row; or a comma-separated list of the proxies' addresses and CIDR ranges (`10.0.0.0/8, 2001:db8::1`, or `loopback`, `linklocal`, `uniquelocal`). The client is the `X-Forwarded-For` entry reached from the right after the trusted hops (entries further left are the client's own writing and never read). Throttles, the IP filter and the access log use that one address. Anything else (`on`, `yes`, a misspelt address) stops the start. Set it only to the proxies you run: one too many lets a client pick its address",
    },
    parseTrustProxy,
  ),
  SESSION_IDLE_MINUTES: integerVariable(
    'a session ends after this many minutes without a request',
    DEFAULT_SESSION_LIFETIME.idleMs / MINUTE,
    { min: 1 },
  ),
  SESSION_ABSOLUTE_HOURS: integerVariable(
    'a session ends this many hours after login, however active',
    DEFAULT_SESSION_LIFETIME.absoluteMs / (60 * MINUTE),
    { min: 1 },
  ),
  SCRYPT_LOG_N: integerVariable(
    'password hashing cost, 14 to 20 (OWASP: N = 2^17, r = 8, p = 1)',
    OWASP_SCRYPT_PARAMS.logN,
    { min: 14, max: 20 },
  ),
  BOT_CHECK_SITE_KEY: optionalTextVariable(
    "the contact form's bot check (Cloudflare Turnstile): its public site key, which the storefront renders the widget with. The check is on only when this and `BOT_CHECK_SECRET_KEY` are both set; one without the other stops the start",
  ),
  BOT_CHECK_SECRET_KEY: optionalTextVariable(
    "the bot check's secret key, sent only to the verify endpoint with each form's token (never logged)",
  ),
  BOT_CHECK_VERIFY_URL: variable(
    {
      default: TURNSTILE_SITEVERIFY_URL,
      description:
        'where tokens are verified (Turnstile siteverify); an `https://` URL, or `http://` on a loopback host for a local stand-in',
    },
    readVerifyUrl,
  ),
  BOT_CHECK_TIMEOUT_MS: integerVariable(
    'how long a verification may take before the form answers 503 `bot_check_unavailable` (「…しばらくしてから…」), 100 to 30000',
    5000,
    { min: 100, max: 30_000 },
  ),
};

/** The verify endpoint: HTTPS, or plain HTTP only to this machine (a test double). */
function readVerifyUrl(raw: string | undefined): string {
  if (raw === undefined) return TURNSTILE_SITEVERIFY_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`must be a URL (got ${raw})`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`must be an https:// URL, or http:// on localhost (got ${raw})`);
  }
  return url.href;
}

/** Both keys or neither: a half-configured bot check would silently let every message through. */
function botCheckSettings(
  vars: ParsedVariables<typeof ACCOUNT_VARIABLES>,
): TurnstileSettings | null {
  const siteKey = vars.BOT_CHECK_SITE_KEY;
  const secretKey = vars.BOT_CHECK_SECRET_KEY;
  if (siteKey === undefined && secretKey === undefined) return null;
  if (siteKey === undefined || secretKey === undefined) {
    throw new Error(
      'configuration refused:\n  BOT_CHECK_SITE_KEY and BOT_CHECK_SECRET_KEY turn the bot check on together: set both or neither',
    );
  }
  return {
    siteKey,
    secretKey,
    verifyUrl: vars.BOT_CHECK_VERIFY_URL,
    timeoutMs: vars.BOT_CHECK_TIMEOUT_MS,
  };
}

/** Reads the accounts' variables (ACCOUNT_VARIABLES), refusing any it cannot read. */
export function loadAccountConfig(env: NodeJS.ProcessEnv = process.env): AccountConfig {
  const vars = parseVariables(ACCOUNT_VARIABLES, env);
  return {
    secureCookie: vars.COOKIE_SECURE,
    allowedOrigins: vars.ALLOWED_ORIGINS,
    trustProxy: vars.TRUST_PROXY,
    session: {
      idleMs: vars.SESSION_IDLE_MINUTES * MINUTE,
      absoluteMs: vars.SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
    },
    password: { ...OWASP_SCRYPT_PARAMS, logN: vars.SCRYPT_LOG_N },
    throttle: DEFAULT_THROTTLE,
    botCheck: botCheckSettings(vars),
  };
}
