import { sessionExpiry } from '../accounts/session-token';
import type { AppDeps } from '../deps';
import { findActiveMember, type MemberView, toMemberView } from './members';
import type { CurrentSession } from './sessions';

/** What GET /api/session/ answers. */
export interface SessionSummary {
  member: MemberView | null;
  /** Repeat it in the `x-csrf-token` header of every POST, PUT, PATCH and DELETE. */
  csrfToken: string;
  /** When the session ends if left idle. */
  expiresAt: string;
}

export async function describeSession(
  deps: AppDeps,
  session: CurrentSession,
): Promise<SessionSummary> {
  const now = deps.now();
  const member =
    session.memberId == null ? undefined : await findActiveMember(deps, session.memberId);
  const expiresAt = sessionExpiry(session, session.lastSeenAt, deps.config.accounts.session);
  return {
    member: member ? toMemberView(member, now) : null,
    csrfToken: session.csrfToken,
    expiresAt: expiresAt.toISOString(),
  };
}
