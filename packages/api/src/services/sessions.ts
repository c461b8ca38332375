import { eq } from 'drizzle-orm';
import {
  hashSessionId,
  isSessionAlive,
  newCsrfToken,
  newSessionId,
  type SessionLifetime,
  sessionExpiry,
} from '../accounts/session-token';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/accounts';
import { mergeGuestCart } from './cart';

/** The session a request carries, as middleware and services see it. */
export interface CurrentSession {
  /** Stable for the session's whole life, across login: what a guest cart hangs off. */
  id: number;
  memberId: number | null;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** A session and the cookie value that opens it (only ever known right after creation/rotation). */
export interface IssuedSession {
  session: CurrentSession;
  cookieValue: string;
}

/** last_seen_at is written at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Creates a guest session. */
export async function createSession(
  db: Database,
  now: Date,
  lifetime: SessionLifetime,
): Promise<IssuedSession> {
  const cookieValue = newSessionId();
  const [row] = await db.orm
    .insert(sessions)
    .values({
      idHash: hashSessionId(cookieValue),
      memberId: null,
      csrfToken: newCsrfToken(),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiry({ createdAt: now }, now, lifetime),
    })
    .returning();
  if (!row) throw new Error('session insert returned no row');
  return { session: toCurrent(row), cookieValue };
}

function toCurrent(row: typeof sessions.$inferSelect): CurrentSession {
  return {
    id: row.id,
    memberId: row.memberId,
    csrfToken: row.csrfToken,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  };
}

/**
 * The live session a cookie value opens, or undefined. An expired session is deleted on sight;
 * a live one has its last-seen time moved forward (idle expiry counts from the last request).
 */
export async function findSession(
  db: Database,
  cookieValue: string,
  now: Date,
  lifetime: SessionLifetime,
): Promise<CurrentSession | undefined> {
  const [row] = await db.orm
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, hashSessionId(cookieValue)));
  if (!row) return undefined;
  if (!isSessionAlive(row, now, lifetime)) {
    await db.orm.delete(sessions).where(eq(sessions.id, row.id));
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.orm
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: sessionExpiry(row, now, lifetime) })
      .where(eq(sessions.id, row.id));
    row.lastSeenAt = now;
  }
  return toCurrent(row);
}

/**
 * Gives the session a new cookie value and CSRF token and binds it to `memberId` (login,
 * registration): a cookie value planted before login (session fixation) opens nothing
 * afterwards. The row and its id stay; the guest cart is merged into the member's cart in the
 * same transaction. The absolute lifetime restarts at login.
 */
export async function rotateSession(
  db: Database,
  sessionId: number,
  memberId: number,
  now: Date,
  lifetime: SessionLifetime,
): Promise<IssuedSession> {
  const cookieValue = newSessionId();
  const row = await db.orm.transaction(async (tx) => {
    const [updated] = await tx
      .update(sessions)
      .set({
        idHash: hashSessionId(cookieValue),
        memberId,
        csrfToken: newCsrfToken(),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: sessionExpiry({ createdAt: now }, now, lifetime),
      })
      .where(eq(sessions.id, sessionId))
      .returning();
    if (!updated) throw new Error(`session ${sessionId} vanished during rotation`);
    await mergeGuestCart(tx, sessionId, memberId);
    return updated;
  });
  return { session: toCurrent(row), cookieValue };
}

/** Ends one session (logout). */
export async function destroySession(db: Database, sessionId: number): Promise<void> {
  await db.orm.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a member (withdrawal). */
export async function revokeMemberSessions(
  db: Pick<Database, 'orm'>,
  memberId: number,
): Promise<void> {
  await db.orm.delete(sessions).where(eq(sessions.memberId, memberId));
}
