import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AccountConfig } from '../accounts/config';
import { isWellFormedSessionId } from '../accounts/session-token';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import {
  type CurrentSession,
  createSession,
  findSession,
  type IssuedSession,
} from '../services/sessions';
import { ThrottledError } from '../services/throttle';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's live session, if its cookie opens one (set by sessionMiddleware). */
    session: CurrentSession | undefined;
  }
}

/** The header a state-changing request repeats the session's CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Paths whose state-changing requests are authenticated by a bearer token instead of the
 * session cookie, so a browser cannot be tricked into sending them: no CSRF token needed.
 */
const CSRF_EXEMPT_PREFIXES = ['/api/operator/'];

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
  origin: '別のサイトからのリクエストは受け付けられません。',
  session: 'セッションの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。',
  token: '不正なリクエストです。ページを再読み込みしてから、もう一度お試しください。',
  login: 'ログインしてください。',
} as const;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Rejects a cross-site state-changing request by its Origin (or, when a browser sends no
 * Origin, its Sec-Fetch-Site). Allowed: the API's own origin and ALLOWED_ORIGINS.
 */
function checkOrigin(c: Context, config: AccountConfig): void {
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const own = new URL(c.req.url).origin;
    if (origin !== own && !config.allowedOrigins.includes(origin)) {
      throw new ApiError(403, 'csrf_origin', MESSAGES.origin);
    }
    return;
  }
  if (c.req.header('sec-fetch-site') === 'cross-site') {
    throw new ApiError(403, 'csrf_origin', MESSAGES.origin);
  }
}

/**
 * Loads the request's session into `c.var.session` and protects every state-changing request
 * (anything but GET/HEAD/OPTIONS) against cross-site request forgery: the Origin must be ours,
 * a live session must exist, and the `x-csrf-token` header must carry that session's token,
 * which only our own pages can read from GET /api/session/. Mounted once for /api/*, before
 * every resource.
 */
export function sessionMiddleware(deps: AppDeps): MiddlewareHandler {
  const config = deps.config.accounts;
  return async (c, next) => {
    const cookie = getCookie(c, sessionCookieName(config));
    const session = isWellFormedSessionId(cookie)
      ? await findSession(deps.db, cookie, deps.now(), config.session)
      : undefined;
    c.set('session', session);

    if (requiresCsrfToken(c.req.method, c.req.path)) {
      checkOrigin(c, config);
      if (!session) throw new ApiError(403, 'csrf_session', MESSAGES.session);
      const token = c.req.header(CSRF_HEADER);
      if (!token || !sameToken(token, session.csrfToken)) {
        throw new ApiError(403, 'csrf_token', MESSAGES.token);
      }
    }

    await next();

    // The single onError renders every ApiError; a lock-out also tells clients when to retry.
    if (c.error instanceof ThrottledError) {
      c.res.headers.set('Retry-After', String(c.error.retryAfterSeconds));
    }
  };
}

/** Sets the session cookie for a session just created or rotated. */
export function issueSessionCookie(c: Context, deps: AppDeps, issued: IssuedSession): void {
  const config = deps.config.accounts;
  setCookie(c, sessionCookieName(config), issued.cookieValue, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookie,
    path: '/',
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
  c.set('session', issued.session);
}

export function clearSessionCookie(c: Context, deps: AppDeps): void {
  const config = deps.config.accounts;
  deleteCookie(c, sessionCookieName(config), { path: '/', secure: config.secureCookie });
  c.set('session', undefined);
}

/** The request's session, creating a guest session (and its cookie) when there is none. */
export async function ensureSession(c: Context, deps: AppDeps): Promise<CurrentSession> {
  const current = c.get('session');
  if (current) return current;
  const issued = await createSession(deps.db, deps.now(), deps.config.accounts.session);
  issueSessionCookie(c, deps, issued);
  return issued.session;
}

/**
 * The request's session; state-changing requests always have one (sessionMiddleware refuses
 * them otherwise), so this only fails on a GET without a cookie.
 */
export function requireSession(c: Context): CurrentSession {
  const session = c.get('session');
  if (!session) throw new ApiError(401, 'session_required', MESSAGES.session);
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
