import { timingSafeEqual } from 'node:crypto';
import { lowerRole, roleAllows, type StaffPermission, type StaffRole } from '@shop/rules';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { CSRF_HEADER, checkOrigin } from '../auth/request-origin';
import { isWellFormedSessionId } from '../auth/session-token';
import type { AccountConfig } from '../config/accounts';
import { staffAccounts, staffApiTokens } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { hashApiToken } from './credentials';
import { findStaffSession, type StaffSession } from './sessions';

// Who may use the back office API (/api/admin/) and what each may do. Every admin route names the
// permission it needs with `staffAuth(deps, permission)`; the middleware finds the staff member
// behind the request and puts them in `c.var.staff` for the route and its audit entry.

/** The staff member behind a request, as the audit log records them. */
export interface StaffActor {
  /** Their account; null for the shop's legacy OPERATOR_TOKEN. */
  staffId: number | null;
  /** The name the audit log shows. */
  name: string;
  role: StaffRole;
  /** How the request proved it: a browser session, an API token, or the legacy operator token. */
  via: 'session' | 'token' | 'operator_token';
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The authenticated staff member (set by staffAuth on /api/admin/ routes). */
    staff: StaffActor | undefined;
    /** The staff session behind the request, when it came with the staff cookie. */
    staffSession: StaffSession | undefined;
  }
}

const MESSAGES = {
  unauthorized: 'スタッフとしてログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  token: '不正なリクエストです。ページを再読み込みしてから、もう一度お試しください。',
  totp: '二段階認証の設定を済ませてから操作してください。',
  password: '仮パスワードを変更してから操作してください。',
} as const;

/** The staff session cookie: `__Host-` binds it to this host over HTTPS, like the members' one. */
export function staffCookieName(config: AccountConfig): string {
  return config.secureCookie ? '__Host-staff' : 'staff_sid';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** last_used_at of a token is written at most this often, so reads stay reads. */
const TOKEN_TOUCH_MS = 60 * 1000;

/**
 * The actor of a bearer token: the legacy OPERATOR_TOKEN (an owner), or a live API token of an
 * enabled account, with the lower of the token's and its owner's current roles. Undefined for
 * any other token: a wrong token is refused, never taken for a cookie's session.
 */
async function bearerActor(deps: AppDeps, given: string): Promise<StaffActor | undefined> {
  const operatorToken = deps.config.commerce.operatorToken;
  if (operatorToken !== undefined && sameSecret(given, operatorToken)) {
    return { staffId: null, name: 'OPERATOR_TOKEN', role: 'owner', via: 'operator_token' };
  }
  const [found] = await deps.db.orm
    .select({ token: staffApiTokens, staff: staffAccounts })
    .from(staffApiTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffApiTokens.staffId))
    .where(
      and(
        eq(staffApiTokens.tokenHash, hashApiToken(given)),
        isNull(staffApiTokens.revokedAt),
        isNull(staffAccounts.disabledAt),
      ),
    );
  if (!found) return undefined;
  const now = deps.now();
  await deps.db.orm
    .update(staffApiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(staffApiTokens.id, found.token.id),
        or(
          isNull(staffApiTokens.lastUsedAt),
          lt(staffApiTokens.lastUsedAt, new Date(now.getTime() - TOKEN_TOUCH_MS)),
        ),
      ),
    );
  return {
    staffId: found.staff.id,
    name: found.staff.name,
    role: lowerRole(found.token.role, found.staff.role),
    via: 'token',
  };
}

/** What a staff session still has to do before it may use the back office. */
export type PendingStep = 'totp_enrolment' | 'password_change';

export function pendingSteps(session: StaffSession): PendingStep[] {
  const steps: PendingStep[] = [];
  if (!session.totpVerified) steps.push('totp_enrolment');
  if (session.staff.passwordChangeRequired) steps.push('password_change');
  return steps;
}

const PENDING_REFUSALS = {
  totp_enrolment: () => new ApiError(403, 'staff_totp_required', MESSAGES.totp),
  password_change: () => new ApiError(403, 'staff_password_change_required', MESSAGES.password),
} as const satisfies Record<PendingStep, () => ApiError>;

function unauthorized(c: Context): ApiError {
  c.header('WWW-Authenticate', 'Bearer');
  return new ApiError(401, 'staff_unauthorized', MESSAGES.unauthorized);
}

/**
 * The staff member behind a request, by its `Authorization: Bearer` (an API token, or the legacy
 * OPERATOR_TOKEN), else by the staff session cookie. A session's state-changing request must
 * come from our own origin and repeat the session's CSRF token in `x-csrf-token` (the members'
 * CSRF check exempts /api/admin/, middleware/session.ts), and the session must have done every
 * step but those `allowed` (TOTP enrolment, a temporary password's change). The member session
 * cookie is never read: a member is no staff member.
 */
async function authenticate(
  deps: AppDeps,
  c: Context,
  options: { bearer: boolean; allowed: readonly PendingStep[] },
): Promise<StaffActor> {
  const header = c.req.header('authorization');
  if (header !== undefined && options.bearer) {
    const actor = header.startsWith('Bearer ')
      ? await bearerActor(deps, header.slice(7))
      : undefined;
    if (actor === undefined) throw unauthorized(c);
    return actor;
  }
  const config = deps.config.accounts;
  const cookie = getCookie(c, staffCookieName(config));
  const session = isWellFormedSessionId(cookie)
    ? await findStaffSession(deps.db, cookie, deps.now())
    : undefined;
  if (session === undefined) throw unauthorized(c);
  if (!SAFE_METHODS.has(c.req.method)) {
    checkOrigin(c, config, deps.config.publicOrigin);
    const token = c.req.header(CSRF_HEADER);
    if (!token || !sameSecret(token, session.csrfToken)) {
      throw new ApiError(403, 'csrf_token', MESSAGES.token);
    }
  }
  const pending = pendingSteps(session).find((step) => !options.allowed.includes(step));
  if (pending !== undefined) throw PENDING_REFUSALS[pending]();
  c.set('staffSession', session);
  return {
    staffId: session.staff.id,
    name: session.staff.name,
    role: session.staff.role,
    via: 'session',
  };
}

/**
 * Authenticates a back office request and checks its permission: 401 `staff_unauthorized`
 * without a staff identity, 403 `staff_forbidden` when the role does not allow it, 403
 * `staff_totp_required` / `staff_password_change_required` for a session that must first enrol
 * in two-factor login or change its temporary password, 403 `csrf_*` for a session's write
 * without its origin and token. A member's session is never a staff identity.
 */
export function staffAuth(deps: AppDeps, permission: StaffPermission): MiddlewareHandler {
  return async (c, next) => {
    const actor = await authenticate(deps, c, { bearer: true, allowed: [] });
    if (!roleAllows(actor.role, permission)) {
      throw new ApiError(403, 'staff_forbidden', MESSAGES.forbidden);
    }
    c.set('staff', actor);
    await next();
  };
}

/**
 * Authenticates the staff member's own browser session only (their session, two-factor
 * enrolment, password), which may still have the `allowed` steps to do. API tokens have no
 * session: 401.
 */
export function staffSessionAuth(
  deps: AppDeps,
  allowed: readonly PendingStep[],
): MiddlewareHandler {
  return async (c, next) => {
    c.set('staff', await authenticate(deps, c, { bearer: false, allowed }));
    await next();
  };
}

/** The staff member staffAuth let through; a route without staffAuth is a programming error. */
export function staffOf(c: Context): StaffActor {
  const actor = c.get('staff');
  if (actor === undefined) throw new Error('staffOf() on a route without staffAuth');
  return actor;
}

/** The staff session staffSessionAuth let through. */
export function staffSessionOf(c: Context): StaffSession {
  const session = c.get('staffSession');
  if (session === undefined)
    throw new Error('staffSessionOf() on a route without staffSessionAuth');
  return session;
}
