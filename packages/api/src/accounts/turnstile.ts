import type { BotCheckOutcome, BotCheckVerifier } from './bot-check';

/** Cloudflare Turnstile's server-side validation endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** The bot check's settings (BOT_CHECK_* in accounts/config.ts); absent when it is off. */
export interface TurnstileSettings {
  /** Public: the storefront renders the widget with it. */
  siteKey: string;
  /** Private: sent only to the verify endpoint. */
  secretKey: string;
  /** TURNSTILE_SITEVERIFY_URL in production; a local double in tests. */
  verifyUrl: string;
  /** How long a verification may take before the form is answered `unavailable`. */
  timeoutMs: number;
}

/** Turnstile's answer, as far as the shop reads it. */
interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/**
 * Error codes that mean the shop, not the shopper, is wrong (its secret, its request) or that
 * Cloudflare failed: the form answers `unavailable` and the operator's log says which.
 */
const SHOP_SIDE_ERRORS = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'bad-request',
  'internal-error',
]);

/** Turnstile's tokens are at most 2048 characters; anything longer is not one. */
const MAX_TOKEN_LENGTH = 2048;

/**
 * A verifier for Cloudflare Turnstile: each token goes to siteverify (form-encoded `secret`,
 * `response`, `remoteip`) once, within `timeoutMs`. `success: true` passes; a refusal of the
 * token (invalid, expired or already used: `invalid-input-response`, `timeout-or-duplicate`) is
 * `refused`; no answer in time, a non-2xx or unreadable answer, or an error on the shop's side is
 * `unavailable`, logged without the secret or the token.
 */
export function createTurnstileVerifier(
  settings: TurnstileSettings,
  log: (message: string, error?: unknown) => void,
): BotCheckVerifier {
  return {
    enabled: true,
    siteKey: settings.siteKey,
    async verify(token, remoteAddress): Promise<BotCheckOutcome> {
      if (!token || token.length > MAX_TOKEN_LENGTH) return 'refused';
      const body = new URLSearchParams({ secret: settings.secretKey, response: token });
      if (remoteAddress) body.set('remoteip', remoteAddress);
      let answer: SiteverifyAnswer;
      try {
        const response = await fetch(settings.verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) {
          log(`bot check: siteverify answered HTTP ${response.status}`);
          return 'unavailable';
        }
        answer = (await response.json()) as SiteverifyAnswer;
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        log(
          timedOut
            ? `bot check: siteverify gave no answer within ${settings.timeoutMs} ms`
            : 'bot check: siteverify could not be reached or read',
          timedOut ? undefined : error,
        );
        return 'unavailable';
      }
      if (answer.success === true) return 'passed';
      const codes = Array.isArray(answer['error-codes'])
        ? answer['error-codes'].filter((code): code is string => typeof code === 'string')
        : [];
      const shopSide = codes.filter((code) => SHOP_SIDE_ERRORS.has(code));
      if (shopSide.length > 0 || answer.success !== false) {
        log(
          `bot check: siteverify refused the shop's request (${shopSide.join(', ') || 'no success field'})`,
        );
        return 'unavailable';
      }
      return 'refused';
    },
  };
}
