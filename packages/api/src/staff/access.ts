import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';

// Who may use the back office API (/api/admin/) and what each may do. Every admin route names the
// permission it needs with `staffAuth(deps, permission)`; the middleware finds the staff member
// behind the request and puts them in `c.var.staff` for the route and its audit entry.

/** A staff account's role: the owner manages staff, staff run the shop, read-only staff look. */
export const STAFF_ROLES = ['owner', 'staff', 'read_only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a route needs: to read, to change the shop, or to manage the staff themselves. */
export type StaffPermission = 'read' | 'write' | 'owner';

const GRANTS = {
  owner: ['read', 'write', 'owner'],
  staff: ['read', 'write'],
  read_only: ['read'],
} as const satisfies Record<StaffRole, readonly StaffPermission[]>;

export function roleAllows(role: StaffRole, permission: StaffPermission): boolean {
  return (GRANTS[role] as readonly StaffPermission[]).includes(permission);
}

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
  }
}

const MESSAGES = {
  unauthorized: 'スタッフとしてログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
} as const;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The actor of the legacy OPERATOR_TOKEN, when the request carries it. */
function operatorTokenActor(deps: AppDeps, c: Context): StaffActor | undefined {
  const token = deps.config.commerce.operatorToken;
  const header = c.req.header('authorization') ?? '';
  if (token === undefined || !header.startsWith('Bearer ')) return undefined;
  if (!sameSecret(header.slice(7), token)) return undefined;
  return { staffId: null, name: 'OPERATOR_TOKEN', role: 'owner', via: 'operator_token' };
}

/**
 * Authenticates a back office request and checks its permission: 401 `staff_unauthorized`
 * without a staff identity, 403 `staff_forbidden` when the role does not allow it. A member's
 * session is never a staff identity.
 */
export function staffAuth(deps: AppDeps, permission: StaffPermission): MiddlewareHandler {
  return async (c, next) => {
    const actor = operatorTokenActor(deps, c);
    if (actor === undefined) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'staff_unauthorized', MESSAGES.unauthorized);
    }
    if (!roleAllows(actor.role, permission)) {
      throw new ApiError(403, 'staff_forbidden', MESSAGES.forbidden);
    }
    c.set('staff', actor);
    await next();
  };
}

/** The staff member staffAuth let through; a route without staffAuth is a programming error. */
export function staffOf(c: Context): StaffActor {
  const actor = c.get('staff');
  if (actor === undefined) throw new Error('staffOf() on a route without staffAuth');
  return actor;
}
