import { and, eq, ne } from 'drizzle-orm';
import {
  hashSessionId,
  newCsrfToken,
  newSessionId,
  type SessionLifetime,
  sessionExpiry,
} from '../auth/session-token';
import type { Database } from '../db/client';
import { staffAccounts, staffSessions } from '../db/schema';
import type { Tx } from '../db/tx';
import { keepSessionAlive } from '../services/sessions';

/**
 * Staff sessions are shorter than members': 30 minutes idle (OWASP's range for high-value
 * applications) and 12 hours absolute (a working day), since a staff cookie opens every order
 * and member of the shop.
 */
export const STAFF_SESSION_LIFETIME: SessionLifetime = {
  idleMs: 30 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
};

export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** A live staff session and its account, as a request sees them. */
export interface StaffSession {
  id: number;
  csrfToken: string;
  totpVerified: boolean;
  staff: StaffAccountRow;
}

/**
 * Opens a session for `staffId` (login, first owner's setup): a new cookie value and CSRF token.
 * `totpVerified` says whether the login proved a TOTP code.
 */
export async function openStaffSession(
  db: Pick<Database, 'orm'> | { orm: Tx },
  staffId: number,
  totpVerified: boolean,
  now: Date,
): Promise<{ cookieValue: string; sessionId: number; csrfToken: string }> {
  const cookieValue = newSessionId();
  const csrfToken = newCsrfToken();
  const [row] = await db.orm
    .insert(staffSessions)
    .values({
      idHash: hashSessionId(cookieValue),
      staffId,
      csrfToken,
      totpVerified,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiry({ createdAt: now }, now, STAFF_SESSION_LIFETIME),
    })
    .returning({ id: staffSessions.id });
  if (!row) throw new Error('staff session insert returned no row');
  return { cookieValue, sessionId: row.id, csrfToken };
}

/**
 * The live session of a cookie value, with its account, or undefined: an expired one is deleted
 * on sight, one of a disabled account opens nothing; a live one moves its idle expiry forward.
 */
export async function findStaffSession(
  db: Database,
  cookieValue: string,
  now: Date,
): Promise<StaffSession | undefined> {
  const [found] = await db.orm
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.idHash, hashSessionId(cookieValue)));
  if (!found) return undefined;
  const { session, staff } = found;
  const revoked = staff.disabledAt !== null;
  if (!(await keepSessionAlive(db, staffSessions, session, now, STAFF_SESSION_LIFETIME, revoked))) {
    return undefined;
  }
  return {
    id: session.id,
    csrfToken: session.csrfToken,
    totpVerified: session.totpVerified,
    staff,
  };
}

/** Ends one session (logout). */
export async function closeStaffSession(db: Database, sessionId: number): Promise<void> {
  await db.orm.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/**
 * Ends every session of a staff member but `keep` (the one that changed the password or enabled
 * two-factor login): a cookie stolen before the change opens nothing after it.
 */
export async function closeOtherStaffSessions(
  tx: Tx,
  staffId: number,
  keep: number | undefined,
): Promise<void> {
  await tx
    .delete(staffSessions)
    .where(
      keep === undefined
        ? eq(staffSessions.staffId, staffId)
        : and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keep)),
    );
}
