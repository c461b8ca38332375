import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownedBy, timestamptz } from './columns';

// The shop's staff and what they did (src/staff/). docs/backoffice.md tells how they fit.

/** The roles of staff/access.ts (STAFF_ROLES), as SQL checks them. */
const ROLE_CHECK = (column: unknown) => sql`${column} in ('owner', 'staff', 'read_only')`;

/**
 * A staff account: separate from members (its own login, session and two-factor secret). Never
 * deleted, only disabled, so the audit log's entries keep their author.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased (src/staff/schemas.ts); unique whatever the case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'staff', 'read_only'] }).notNull(),
    /** The members' scrypt format (src/auth/password.ts). */
    passwordHash: text('password_hash').notNull(),
    /** Set by the owner's temporary password: nothing but a new password until it changes. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /**
     * The TOTP secret, AES-256-GCM encrypted under the `staff-totp` server secret
     * (src/staff/totp.ts); set at enrolment, never answered again once confirmed.
     */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The time step of the last code accepted: a code is good once (RFC 6238, 5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Wrong logins counted in the window that started at failures_started_at. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    failuresStartedAt: timestamptz('failures_started_at'),
    lockedUntil: timestamptz('locked_until'),
    disabledAt: timestamptz('disabled_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_idx').on(sql`lower(${t.email})`),
    check('staff_accounts_role_known', ROLE_CHECK(t.role)),
  ],
);

/**
 * A staff member's browser session (cookie `__Host-staff` / `staff_sid`): only a SHA-256 of
 * the cookie's id is stored, as for members' sessions (services/sessions.ts).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    idHash: text('id_hash').notNull().unique(),
    staffId: ownedBy('staff_id', () => staffAccounts.id),
    csrfToken: text('csrf_token').notNull(),
    /** The session proved a TOTP code (at login or enrolment); until then it may only enrol. */
    totpVerified: boolean('totp_verified').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * A staff member's API token for automation (`Authorization: Bearer <token>`): only its SHA-256
 * is stored; its first characters (`prefix`) tell tokens apart in lists.
 */
export const staffApiTokens = pgTable(
  'staff_api_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    /** At most its owner's role when made; used as the lower of the two. */
    role: text('role', { enum: ['owner', 'staff', 'read_only'] }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('staff_api_tokens_staff_idx').on(t.staffId),
    check('staff_api_tokens_role_known', ROLE_CHECK(t.role)),
  ],
);

/**
 * The audit log: one row per staff write (who, what, on which record, before and after, when).
 * Append-only: a trigger (migration 0024) refuses UPDATE and DELETE, so not even the application
 * can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamptz('at').notNull(),
    /** The staff account that acted; null for the legacy OPERATOR_TOKEN. */
    staffId: integer('staff_id'),
    /** Who acted as shown to a reader: the staff member's name (kept if the account goes). */
    actor: text('actor').notNull(),
    /** What was done, `area.verb` (`order.ship`, `product.update`, `staff.create`). */
    action: text('action').notNull(),
    /** The kind of record acted on (`order`, `product`, `member`, ...) and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The record's relevant fields before and after the write (null for a creation/deletion). */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.at.desc()).where(sql`${t.staffId} IS NOT NULL`),
  ],
);
