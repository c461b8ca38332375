import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Session lifetimes, in milliseconds. */
export interface SessionLifetime {
  /** A session unused for this long is over (the shopper walked away). */
  idleMs: number;
  /** A session is over this long after login, however busy (limits a stolen cookie's use). */
  absoluteMs: number;
}

/**
 * Defaults: 2 hours idle, 7 days absolute. OWASP suggests 15-30 minutes idle for low-risk
 * applications; a pre-order shop's shoppers browse long release lists between actions, and
 * everything that moves money or personal data also needs the CSRF token, so the idle window is
 * longer and the absolute one bounds a leaked cookie.
 */
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = {
  idleMs: 2 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
};

/** A new session id: 128 random bits, base64url (22 characters) for the cookie. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** A new CSRF token: 256 random bits, handed out by GET /api/session/. */
export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The CSRF token of a guest whose session has no row yet: an HMAC of the cookie's session id
 * under the shop's secret (services/server-secrets.ts). Only a page that can read our answers
 * learns it, it opens nothing without that browser's cookie, and every API instance computes the
 * same one. Same shape as newCsrfToken's, and it becomes the row's token when the row is made.
 */
export function guestCsrfToken(secret: Buffer, sessionId: string): string {
  return createHmac('sha256', secret).update(`guest-csrf:${sessionId}`).digest('base64url');
}

/**
 * What the database stores instead of the session id: a leaked sessions table cannot be replayed
 * as cookies. A plain SHA-256 is enough because the id itself carries 128 bits of entropy.
 */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Cookie values that cannot be a session id are dropped before touching the database. */
export function isWellFormedSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID_PATTERN.test(value);
}

/**
 * Whether a session is still alive at `now`: neither idle for longer than the idle window nor
 * older than the absolute lifetime.
 *
 * @example
 * isSessionAlive({ createdAt: t0, lastSeenAt: t0 }, new Date(t0.getTime() + 60_000)) // => true
 */
export function isSessionAlive(
  session: { createdAt: Date; lastSeenAt: Date },
  now: Date,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): boolean {
  const t = now.getTime();
  return (
    t - session.lastSeenAt.getTime() < lifetime.idleMs &&
    t - session.createdAt.getTime() < lifetime.absoluteMs
  );
}

/** When a session expires if it stays idle from `now` (never past its absolute end). */
export function sessionExpiry(
  session: { createdAt: Date },
  now: Date,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Date {
  return new Date(
    Math.min(now.getTime() + lifetime.idleMs, session.createdAt.getTime() + lifetime.absoluteMs),
  );
}
