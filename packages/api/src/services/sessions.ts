import { eq, sql } from 'drizzle-orm';
import {
  hashSessionId,
  isSessionAlive,
  newCsrfToken,
  newSessionId,
  type SessionLifetime,
  sessionExpiry,
} from '../auth/session-token';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/accounts';
import type { staffSessions } from '../db/schema/staff';
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

/**
 * Stores the session of a guest whose cookie has had no row so far (its first cart line): the
 * row takes the cookie's id and the guest CSRF token the browser already holds, so neither
 * changes. Two first requests of one browser at once (two tabs) land on the same row: the
 * second insert meets the first's `id_hash` and answers that row.
 */
export async function storeGuestSession(
  db: Database,
  cookieValue: string,
  csrfToken: string,
  now: Date,
  lifetime: SessionLifetime,
): Promise<CurrentSession> {
  const [row] = await db.orm
    .insert(sessions)
    .values({
      idHash: hashSessionId(cookieValue),
      memberId: null,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiry({ createdAt: now }, now, lifetime),
    })
    // A no-op update, so that RETURNING also answers the row another request just inserted.
    .onConflictDoUpdate({ target: sessions.idHash, set: { idHash: sql`excluded.id_hash` } })
    .returning();
  if (!row) throw new Error('session upsert returned no row');
  return toCurrent(row);
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
  if (!(await keepSessionAlive(db, sessions, row, now, lifetime))) return undefined;
  return toCurrent(row);
}

/**
 * The session mechanics members' and staff sessions share: a session past its lifetime, or
 * `revoked` (a disabled staff account), is deleted and answers false; a live one has its
 * last-seen time moved forward, at most once a TOUCH_INTERVAL_MS (idle expiry counts from the
 * last request), and answers true.
 */
export async function keepSessionAlive(
  db: Database,
  table: typeof sessions | typeof staffSessions,
  session: { id: number; createdAt: Date; lastSeenAt: Date },
  now: Date,
  lifetime: SessionLifetime,
  revoked = false,
): Promise<boolean> {
  if (revoked || !isSessionAlive(session, now, lifetime)) {
    await db.orm.delete(table).where(eq(table.id, session.id));
    return false;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.orm
      .update(table)
      .set({ lastSeenAt: now, expiresAt: sessionExpiry(session, now, lifetime) })
      .where(eq(table.id, session.id));
    session.lastSeenAt = now;
  }
  return true;
}

/**
 * Gives the shopper a new cookie value and CSRF token bound to `memberId` (login,
 * registration): a cookie value planted before login (session fixation) opens nothing
 * afterwards. A stored guest session keeps its row and id, and its cart is merged into the
 * member's cart in the same transaction; a guest with no row yet (nothing in the cart) gets a
 * new row. The absolute lifetime restarts at login.
 */
export async function rotateSession(
  db: Database,
  guestSessionId: number | undefined,
  memberId: number,
  now: Date,
  lifetime: SessionLifetime,
): Promise<IssuedSession> {
  const cookieValue = newSessionId();
  const fresh = {
    idHash: hashSessionId(cookieValue),
    memberId,
    csrfToken: newCsrfToken(),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: sessionExpiry({ createdAt: now }, now, lifetime),
  };
  const row = await db.orm.transaction(async (tx) => {
    if (guestSessionId === undefined) {
      const [inserted] = await tx.insert(sessions).values(fresh).returning();
      if (!inserted) throw new Error('session insert returned no row');
      return inserted;
    }
    const [updated] = await tx
      .update(sessions)
      .set(fresh)
      .where(eq(sessions.id, guestSessionId))
      .returning();
    if (!updated) throw new Error(`session ${guestSessionId} vanished during rotation`);
    await mergeGuestCart(tx, guestSessionId, memberId);
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
