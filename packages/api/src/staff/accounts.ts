import type { StaffRole } from '@shop/rules';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../auth/password';
import { staffAccounts, staffSessions } from '../db/schema';
import { sqlState, type Tx } from '../db/tx';
import type { AppDeps } from '../deps';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from './access';
import { recordAudit } from './audit';
import { useTotpCode } from './login';
import type { staffCreateSchema, staffUpdateSchema } from './schemas';
import { closeOtherStaffSessions, type StaffAccountRow } from './sessions';
import { newTotpSecret, sealTotpSecret, totpEnrolment } from './totp';

// The staff accounts: the first owner, the owner's management of the others, and each member's
// own password and two-factor enrolment. Every write records its audit entry in its transaction.

const MESSAGES = {
  emailTaken: 'このメールアドレスのスタッフは既に登録されています。',
  notFound: 'スタッフが見つかりません。',
  lastOwner: 'オーナーが一人もいなくなるため、変更できません。',
  wrongPassword: '現在のパスワードが正しくありません。',
  totpEnabled: '二段階認証は既に有効です。',
  totpNotStarted: '先に二段階認証の設定を始めてください。',
  totpInvalid: '確認コードが正しくありません。認証アプリの最新のコードを入力してください。',
} as const;

const sa = staffAccounts;
const UNIQUE_VIOLATION = '23505';

/** A staff account as the API answers it: never its password hash or TOTP secret. */
export function describeStaff(row: StaffAccountRow, now: Date) {
  const locked = row.lockedUntil !== null && row.lockedUntil > now;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totpEnabled: row.totpEnabled,
    passwordChangeRequired: row.passwordChangeRequired,
    locked,
    lockedUntil: locked ? (row.lockedUntil?.toISOString() ?? null) : null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: the fields a person changes, no secret. */
function audited(row: StaffAccountRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabledAt !== null,
    totpEnabled: row.totpEnabled,
  };
}

/** Inserts an account, refusing an address already used (any case) with 409. */
export async function insertStaff(
  tx: Tx,
  values: {
    email: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    passwordChangeRequired: boolean;
  },
  now: Date,
): Promise<StaffAccountRow> {
  try {
    const [row] = await tx
      .insert(sa)
      .values({ ...values, createdAt: now })
      .returning();
    if (!row) throw new Error('staff insert returned no row');
    return row;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new ServiceError('staff_email_taken', MESSAGES.emailTaken);
    }
    throw error;
  }
}

export async function listStaff(deps: AppDeps) {
  const rows = await deps.db.orm.select().from(sa).orderBy(asc(sa.id));
  const now = deps.now();
  return rows.map((row) => describeStaff(row, now));
}

/**
 * The owner adds a staff member with a temporary password, which they must change (after
 * enrolling in two-factor login) before doing anything else.
 */
export async function createStaff(
  deps: AppDeps,
  actor: StaffActor,
  input: z.infer<typeof staffCreateSchema>,
) {
  const passwordHash = await hashPassword(input.temporaryPassword, deps.config.accounts.password);
  const now = deps.now();
  const row = await deps.db.orm.transaction(async (tx) => {
    const created = await insertStaff(
      tx,
      {
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash,
        passwordChangeRequired: true,
      },
      now,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.create',
        targetType: 'staff',
        targetId: created.id,
        before: null,
        after: audited(created),
      },
      now,
    );
    return created;
  });
  return describeStaff(row, now);
}

/** The account `id`, locked for the rest of the transaction; 404 when there is none. */
async function lockStaff(tx: Tx, id: number): Promise<StaffAccountRow> {
  const [row] = await tx.select().from(sa).where(eq(sa.id, id)).for('update');
  if (!row) throw new ServiceError('staff_not_found', MESSAGES.notFound);
  return row;
}

/**
 * The enabled owners, locked for the rest of the transaction, always in id order: every write
 * that may take an owner away locks them first (before its own target), so two owners demoting
 * each other at once wait for one another instead of deadlocking, and the second sees the first's
 * change.
 */
async function lockOwners(tx: Tx): Promise<number[]> {
  const owners = await tx
    .select({ id: sa.id })
    .from(sa)
    .where(and(eq(sa.role, 'owner'), isNull(sa.disabledAt)))
    .orderBy(asc(sa.id))
    .for('update');
  return owners.map((o) => o.id);
}

/**
 * The owner changes a staff member's name, role or whether the account is disabled, or turns
 * their two-factor login off (a lost phone: they enrol again at their next login), never leaving
 * the shop without an enabled owner (409 `last_owner`). Disabling and the two-factor reset end
 * the account's sessions (its tokens are refused while it stays disabled).
 */
export async function updateStaff(
  deps: AppDeps,
  actor: StaffActor,
  id: number,
  input: z.infer<typeof staffUpdateSchema>,
) {
  const now = deps.now();
  const row = await deps.db.orm.transaction(async (tx) => {
    const mayTakeAnOwner =
      (input.role !== undefined && input.role !== 'owner') || input.disabled === true;
    const owners = mayTakeAnOwner ? await lockOwners(tx) : [];
    const before = await lockStaff(tx, id);
    if (owners.includes(id) && owners.every((owner) => owner === id)) {
      throw new ServiceError('last_owner', MESSAGES.lastOwner);
    }
    const disabledAt =
      input.disabled === undefined
        ? before.disabledAt
        : input.disabled
          ? (before.disabledAt ?? now)
          : null;
    const [after] = await tx
      .update(sa)
      .set({
        name: input.name ?? before.name,
        role: input.role ?? before.role,
        disabledAt,
        ...(input.resetTotp ? { totpSecret: null, totpEnabled: false, totpLastStep: null } : {}),
      })
      .where(eq(sa.id, id))
      .returning();
    if (!after) throw new Error(`staff ${id} vanished under its lock`);
    if (disabledAt !== null || input.resetTotp) await closeOtherStaffSessions(tx, id, undefined);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.update',
        targetType: 'staff',
        targetId: id,
        before: audited(before),
        after: audited(after),
      },
      now,
    );
    return after;
  });
  return describeStaff(row, now);
}

/** The owner lifts a lock-out (too many wrong logins) before it runs out. */
export async function unlockStaff(deps: AppDeps, actor: StaffActor, id: number) {
  const now = deps.now();
  const row = await deps.db.orm.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    const [after] = await tx
      .update(sa)
      .set({ failedAttempts: 0, failuresStartedAt: null, lockedUntil: null })
      .where(eq(sa.id, id))
      .returning();
    if (!after) throw new Error(`staff ${id} vanished under its lock`);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.unlock',
        targetType: 'staff',
        targetId: id,
        before: {
          lockedUntil: before.lockedUntil?.toISOString() ?? null,
          failedAttempts: before.failedAttempts,
        },
        after: { lockedUntil: null, failedAttempts: 0 },
      },
      now,
    );
    return after;
  });
  return describeStaff(row, now);
}

/**
 * A staff member changes their own password (the current one required): the temporary
 * password's obligation ends and every other session of theirs is closed.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  actor: StaffActor,
  staff: StaffAccountRow,
  sessionId: number,
  input: { currentPassword: string; newPassword: string },
) {
  const params = deps.config.accounts.password;
  const check = await verifyPassword(input.currentPassword, staff.passwordHash, params);
  if (!check.ok) throw new ServiceError('invalid_password', MESSAGES.wrongPassword);
  const passwordHash = await hashPassword(input.newPassword, params);
  const now = deps.now();
  await deps.db.orm.transaction(async (tx) => {
    await tx
      .update(sa)
      .set({ passwordHash, passwordChangeRequired: false })
      .where(eq(sa.id, staff.id));
    await closeOtherStaffSessions(tx, staff.id, sessionId);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.password_change',
        targetType: 'staff',
        targetId: staff.id,
        before: null,
        after: null,
      },
      now,
    );
  });
}

/**
 * Starts two-factor enrolment: a new secret is kept (encrypted, not yet enabled) and answered
 * once with its otpauth:// URI and QR code. Asking again replaces it (a lost QR code). Refused
 * once two-factor login is on.
 */
export async function startTotpEnrolment(deps: AppDeps, staff: StaffAccountRow) {
  if (staff.totpEnabled) throw new ServiceError('totp_already_enabled', MESSAGES.totpEnabled);
  const secret = newTotpSecret();
  const sealed = await sealTotpSecret(deps.db, secret);
  // Only while still not enabled: a confirmation racing this keeps its secret.
  await deps.db.orm
    .update(sa)
    .set({ totpSecret: sealed, totpLastStep: null })
    .where(and(eq(sa.id, staff.id), eq(sa.totpEnabled, false)));
  return totpEnrolment(secret, staff.email);
}

/**
 * Confirms enrolment with a code of the new secret: two-factor login is on, this session counts
 * as verified, and every other session of the account is closed (they proved no code).
 */
export async function confirmTotpEnrolment(
  deps: AppDeps,
  actor: StaffActor,
  sessionId: number,
  staffId: number,
  code: string,
) {
  const now = deps.now();
  const [staff] = await deps.db.orm.select().from(sa).where(eq(sa.id, staffId));
  if (!staff) throw new ServiceError('staff_not_found', MESSAGES.notFound);
  if (staff.totpEnabled) throw new ServiceError('totp_already_enabled', MESSAGES.totpEnabled);
  if (staff.totpSecret === null)
    throw new ServiceError('totp_not_started', MESSAGES.totpNotStarted);
  if (!(await useTotpCode(deps, staff, code, now))) {
    throw new ServiceError('totp_invalid', MESSAGES.totpInvalid);
  }
  await deps.db.orm.transaction(async (tx) => {
    const [enabled] = await tx
      .update(sa)
      .set({ totpEnabled: true })
      .where(
        and(
          eq(sa.id, staffId),
          eq(sa.totpEnabled, false),
          eq(sa.totpSecret, staff.totpSecret ?? ''),
        ),
      )
      .returning({ id: sa.id });
    if (!enabled) throw new ServiceError('totp_not_started', MESSAGES.totpNotStarted);
    await tx
      .update(staffSessions)
      .set({ totpVerified: true })
      .where(eq(staffSessions.id, sessionId));
    await closeOtherStaffSessions(tx, staffId, sessionId);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.totp_enable',
        targetType: 'staff',
        targetId: staffId,
        before: { totpEnabled: false },
        after: { totpEnabled: true },
      },
      now,
    );
  });
}

/** Whether the shop has no staff account yet (the first owner's setup is open). */
export async function setupRequired(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  const rows = await deps.db.rows<{ any: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM staff_accounts) AS any`,
  );
  return rows[0]?.any !== true;
}
