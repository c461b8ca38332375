import { sessionExpiry } from '../auth/session-token';
import type { AppDeps } from '../deps';
import { unreadNoticeCount } from '../notifications/notices';
import { cartCount } from './cart';
import { findActiveMember, type MemberView, toMemberView } from './members';
import { pointBalance } from './points';
import type { CurrentSession } from './sessions';

/** What GET /api/session/ answers. */
export interface SessionSummary {
  member: MemberView | null;
  /** Repeat it in the `x-csrf-token` header of every POST, PUT, PATCH and DELETE. */
  csrfToken: string;
  /** When the session ends if left idle. */
  expiresAt: string;
  /** The member's point balance (0 for guests). */
  points: number;
  /** Units in the cart: the member's, or the guest session's. */
  cartCount: number;
  /** The member's お知らせ not read yet (the header's badge; 0 for guests). */
  unreadNotices: number;
}

export async function describeSession(
  deps: AppDeps,
  session: CurrentSession,
): Promise<SessionSummary> {
  const now = deps.now();
  const member =
    session.memberId == null ? undefined : await findActiveMember(deps, session.memberId);
  const owner = member ? { memberId: member.id } : { sessionId: session.id };
  const [points, cart, unreadNotices] = await Promise.all([
    member ? pointBalance(deps.db.orm, member.id) : 0,
    cartCount(deps.db.orm, owner),
    member ? unreadNoticeCount(deps.db, member.id) : 0,
  ]);
  const expiresAt = sessionExpiry(session, session.lastSeenAt, deps.config.accounts.session);
  return {
    member: member ? toMemberView(member, now) : null,
    csrfToken: session.csrfToken,
    expiresAt: expiresAt.toISOString(),
    points,
    cartCount: cart,
    unreadNotices,
  };
}

/**
 * What GET /api/session/ answers a guest whose session is stored nowhere yet: no member, no
 * points, an empty cart, and the token derived from its cookie (middleware/session.ts).
 */
export function describeGuest(deps: AppDeps, csrfToken: string): SessionSummary {
  const now = deps.now();
  const expiresAt = sessionExpiry({ createdAt: now }, now, deps.config.accounts.session);
  return {
    member: null,
    csrfToken,
    expiresAt: expiresAt.toISOString(),
    points: 0,
    cartCount: 0,
    unreadNotices: 0,
  };
}
