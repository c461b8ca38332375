import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CSRF_HEADER, checkOrigin } from '../auth/request-origin';
import { guestCsrfToken, isWellFormedSessionId, newSessionId } from '../auth/session-token';
import type { AccountConfig } from '../config/accounts';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { serverSecret } from '../services/server-secrets';
import {
  type CurrentSession,
  findSession,
  type IssuedSession,
  rotateSession,
  storeGuestSession,
} from '../services/sessions';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's stored live session, if its cookie opens one (set by sessionMiddleware). */
    session: CurrentSession | undefined;
    /**
     * The session id of the request's cookie when it is well-formed, whether or not a row
     * stores it: a guest's session lives in the cookie alone until it needs a row.
     */
    sessionCookie: string | undefined;
  }
}

export { CSRF_HEADER } from '../auth/request-origin';

/**
 * Paths whose state-changing requests are authenticated by something other than the session
 * cookie, so a browser cannot be tricked into sending them: no CSRF token needed. The operator's
 * bearer token; the back office (/api/admin/), whose staff authentication checks its own origin
 * and CSRF token (staff/access.ts); the signed token of a mail's one-click unsubscribe (RFC 8058), which a mail
 * client POSTs with no session (and which only ever turns one kind of mail off).
 */
const CSRF_EXEMPT_PREFIXES = ['/api/operator/', '/api/admin/', '/api/notifications/unsubscribe/'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request must prove it comes from our own pages (Origin, live session, CSRF token):
 * every state-changing method, except under CSRF_EXEMPT_PREFIXES. The middleware enforces it and
 * the OpenAPI document declares it from this same decision.
 */
export function requiresCsrfToken(method: string, path: string): boolean {
  return (
    !SAFE_METHODS.has(method.toUpperCase()) &&
    !CSRF_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

export function sessionCookieName(config: AccountConfig): string {
  // `__Host-` binds the cookie to this exact host over HTTPS (no Domain, Path=/, Secure).
  return config.secureCookie ? '__Host-sid' : 'sid';
}

const MESSAGES = {
  session: 'セッションの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。',
  token: '不正なリクエストです。ページを再読み込みしてから、もう一度お試しください。',
  login: 'ログインしてください。',
} as const;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF token of a guest whose cookie has no row yet (guestCsrfToken). */
async function tokenOfCookie(deps: AppDeps, cookie: string): Promise<string> {
  return guestCsrfToken(await serverSecret(deps.db, 'guest-csrf'), cookie);
}

/**
 * The CSRF token of the request's session: the stored session's own, or for a guest whose
 * cookie has no row yet the one derived from its cookie. Undefined without a cookie.
 */
async function expectedCsrfToken(c: Context, deps: AppDeps): Promise<string | undefined> {
  const session = c.get('session');
  if (session) return session.csrfToken;
  const cookie = c.get('sessionCookie');
  return cookie === undefined ? undefined : tokenOfCookie(deps, cookie);
}

/**
 * Loads the request's session into `c.var.session` (and its cookie's id into
 * `c.var.sessionCookie`) and protects every state-changing request (anything but
 * GET/HEAD/OPTIONS) against cross-site request forgery: the Origin must be ours, the request
 * must carry a session cookie, and the `x-csrf-token` header must carry that session's token,
 * which only our own pages can read from GET /api/session/. Mounted once for /api/*, before
 * every resource.
 *
 * Reading creates nothing: a guest's session is only its cookie (its CSRF token derived from
 * it) until a request stores something for it (ensureSession, rotateSession), so browsing,
 * crawlers and bursts of cookieless requests leave no rows behind.
 */
export function sessionMiddleware(deps: AppDeps): MiddlewareHandler {
  const config = deps.config.accounts;
  return async (c, next) => {
    const raw = getCookie(c, sessionCookieName(config));
    const cookie = isWellFormedSessionId(raw) ? raw : undefined;
    c.set('sessionCookie', cookie);
    c.set(
      'session',
      cookie === undefined
        ? undefined
        : await findSession(deps.db, cookie, deps.now(), config.session),
    );

    if (requiresCsrfToken(c.req.method, c.req.path)) {
      checkOrigin(c, config, deps.config.publicOrigin);
      const expected = await expectedCsrfToken(c, deps);
      if (expected === undefined) throw new ApiError(403, 'csrf_session', MESSAGES.session);
      const token = c.req.header(CSRF_HEADER);
      if (!token || !sameToken(token, expected)) {
        throw new ApiError(403, 'csrf_token', MESSAGES.token);
      }
    }

    await next();
  };
}

function setSessionCookie(c: Context, deps: AppDeps, value: string): void {
  const config = deps.config.accounts;
  setCookie(c, sessionCookieName(config), value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookie,
    path: '/',
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

/** Sets the session cookie for a session just rotated (login, registration). */
function issueSessionCookie(c: Context, deps: AppDeps, issued: IssuedSession): void {
  setSessionCookie(c, deps, issued.cookieValue);
  c.set('sessionCookie', issued.cookieValue);
  c.set('session', issued.session);
}

/**
 * Signs `memberId` in on this request (login, registration): a rotated session (the guest's
 * row carried over when it has one, so its cart follows) and its cookie. Returns the session.
 */
export async function signIn(c: Context, deps: AppDeps, memberId: number): Promise<CurrentSession> {
  const issued = await rotateSession(
    deps.db,
    c.get('session')?.id,
    memberId,
    deps.now(),
    deps.config.accounts.session,
  );
  issueSessionCookie(c, deps, issued);
  return issued.session;
}

export function clearSessionCookie(c: Context, deps: AppDeps): void {
  const config = deps.config.accounts;
  deleteCookie(c, sessionCookieName(config), { path: '/', secure: config.secureCookie });
  c.set('sessionCookie', undefined);
  c.set('session', undefined);
}

/**
 * The CSRF token of a request with no stored session (GET /api/session/ for a guest), giving a
 * browser without a session cookie a new session id first. Stores nothing.
 */
export async function guestToken(c: Context, deps: AppDeps): Promise<string> {
  let cookie = c.get('sessionCookie');
  if (cookie === undefined) {
    cookie = newSessionId();
    setSessionCookie(c, deps, cookie);
    c.set('sessionCookie', cookie);
  }
  return tokenOfCookie(deps, cookie);
}

/**
 * The request's stored session, storing the guest's session (under its cookie's id, keeping
 * its CSRF token) when it has no row yet: for requests that hang something off the session (a
 * guest's first cart line). Only after sessionMiddleware has accepted a state-changing request,
 * which guarantees a session cookie.
 */
export async function ensureSession(c: Context, deps: AppDeps): Promise<CurrentSession> {
  const current = c.get('session');
  if (current) return current;
  const cookie = c.get('sessionCookie');
  if (cookie === undefined) throw new ApiError(403, 'csrf_session', MESSAGES.session);
  const session = await storeGuestSession(
    deps.db,
    cookie,
    await tokenOfCookie(deps, cookie),
    deps.now(),
    deps.config.accounts.session,
  );
  c.set('session', session);
  return session;
}

/** The logged-in member's id; 401 `login_required` for guests. */
export function requireMember(c: Context): number {
  const memberId = c.get('session')?.memberId;
  if (memberId == null) throw new ApiError(401, 'login_required', MESSAGES.login);
  return memberId;
}

/**
 * Refuses guests before any validation runs: the first handler of each member-only route. Not a
 * sub-app's `.use()`, which would also answer 401 for paths no route serves (those are 404).
 */
export const memberOnly: MiddlewareHandler = async (c, next) => {
  requireMember(c);
  await next();
};
