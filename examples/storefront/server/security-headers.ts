// The storefront's own security headers. It sets them itself on every HTML answer instead of
// relying on whatever the API's app in front of it sends, so a storefront mounted behind another
// server keeps them (docs/storefront.md "Security headers").
import { randomBytes } from 'node:crypto';
import { GMO_TOKEN_SCRIPTS } from '../src/features/cards/api/gmo-card-token';
import { TURNSTILE_SCRIPT } from '../src/features/contact/components/bot-check';
import type { CardGatewaySettings } from '../src/lib/card-gateway';

/**
 * Where each GMO environment's token.js sends the card for a token (its /ext/api/getToken; see
 * docs/operations.md "Card payments"). GMO's guide does not promise whether token.js v1 asks by
 * XHR or by a JSONP script, so the host is allowed for both.
 */
const GMO_TOKEN_API_ORIGINS = {
  test: 'https://pt01.mul-pay.jp',
  production: 'https://p01.mul-pay.jp',
} as const;

/** A fresh nonce for one HTML answer: 128 random bits, base64 as CSP writes it. */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The third-party sources the card gateway's tokeniser needs in the browser. */
function cardGatewaySources(gateway: CardGatewaySettings): { script: string[]; connect: string[] } {
  switch (gateway.kind) {
    case 'sandbox':
      // The sandbox token is built in the browser by the shop's own code.
      return { script: [], connect: [] };
    case 'gmo': {
      const api = GMO_TOKEN_API_ORIGINS[gateway.environment];
      return {
        script: [new URL(GMO_TOKEN_SCRIPTS[gateway.environment]).origin, api],
        connect: [api],
      };
    }
    default:
      return gateway satisfies never;
  }
}

/**
 * The Content-Security-Policy of an HTML page: scripts and styles from the shop itself or inline
 * with this answer's nonce (the theme and the inlined stylesheet, the boot data, React's
 * streaming scripts), the GMO token script's hosts only when GMO is the gateway, Cloudflare
 * Turnstile's script and frame only when the bot check is on, images from the shop or data URLs,
 * no plugins, and no framing, foreign <base> or foreign form targets.
 */
export function contentSecurityPolicy(
  nonce: string,
  gateway: CardGatewaySettings,
  botCheck = false,
): string {
  const card = cardGatewaySources(gateway);
  const turnstile = botCheck ? [new URL(TURNSTILE_SCRIPT).origin] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...card.script, ...turnstile],
    ['style-src', "'self'", `'nonce-${nonce}'`],
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...card.connect],
    ...(botCheck ? [['frame-src', ...turnstile] as [string, ...string[]]] : []),
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The headers of every HTML page besides its type and caching. */
export function htmlSecurityHeaders(
  nonce: string,
  gateway: CardGatewaySettings,
  botCheck = false,
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(nonce, gateway, botCheck),
    // For browsers without frame-ancestors; both say the same.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
