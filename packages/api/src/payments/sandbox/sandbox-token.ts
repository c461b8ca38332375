/**
 * Sandbox card tokens. In production the storefront turns a card into a one-time token with
 * GMO's browser script; in the sandbox it builds a token of this documented shape instead, so
 * the API sees the same thing in both cases: an opaque one-time string, never a card number.
 *
 *   tok_sandbox_<outcome>_<brand>_<last4>_<yymm>_<nonce>
 *
 * - outcome: `ok` (authorises), `decline` (the card company refuses, like GMO's G02),
 *   `timeout` (the gateway authorises but answers too late, so the shop must look it up and void);
 * - brand: VISA, MASTER, JCB, AMEX, DINERS; last4: 4 digits; yymm: expiry;
 * - nonce: 8-32 of [a-z0-9], making each token unique (tokens are single-use, as at GMO).
 */
export type SandboxOutcome = 'ok' | 'decline' | 'timeout';

export interface SandboxTokenParts {
  outcome: SandboxOutcome;
  brand: string;
  last4: string;
  expire: string;
  nonce: string;
}

const TOKEN_PATTERN =
  /^tok_sandbox_(ok|decline|timeout)_(VISA|MASTER|JCB|AMEX|DINERS)_(\d{4})_(\d{2}(?:0[1-9]|1[0-2]))_([a-z0-9]{8,32})$/;

/** The parts of a well-formed sandbox token, or null. */
export function parseSandboxToken(token: string): SandboxTokenParts | null {
  const match = TOKEN_PATTERN.exec(token);
  if (match === null) return null;
  const [, outcome, brand, last4, expire, nonce] = match as unknown as [
    string,
    SandboxOutcome,
    string,
    string,
    string,
    string,
  ];
  return { outcome, brand, last4, expire, nonce };
}

/**
 * Builds a sandbox token (what the storefront's sandbox tokeniser and the tests do).
 *
 * @example
 * createSandboxToken({ outcome: 'ok' }); // 'tok_sandbox_ok_VISA_4242_3012_k3j9...'
 */
export function createSandboxToken(
  parts: Partial<SandboxTokenParts> & { outcome: SandboxOutcome },
): string {
  const nonce = parts.nonce ?? randomNonce();
  return `tok_sandbox_${parts.outcome}_${parts.brand ?? 'VISA'}_${parts.last4 ?? '4242'}_${parts.expire ?? '3012'}_${nonce}`;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}
