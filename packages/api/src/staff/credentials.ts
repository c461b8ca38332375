import { createHash, randomBytes } from 'node:crypto';

// The staff's API tokens: random, shown once, stored as a SHA-256 like session ids.

/** Every staff API token starts so, which tells it apart from the legacy OPERATOR_TOKEN in logs. */
export const API_TOKEN_PREFIX = 'shop_staff_';

/** A new API token: the prefix and 256 random bits, base64url. */
export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps of a token (its 256 random bits make a plain SHA-256 enough). */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The start of a token that lists show, so a person can tell which of theirs is which. */
export function apiTokenPrefix(token: string): string {
  return token.slice(0, API_TOKEN_PREFIX.length + 6);
}
