import { lowerRole, type StaffRole } from '@shop/rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { staffAccounts, staffApiTokens } from '../db/schema';
import type { AppDeps } from '../deps';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from './access';
import { recordAudit } from './audit';
import { apiTokenPrefix, hashApiToken, newApiToken } from './credentials';

// Staff API tokens for automation (the CLI, scripts): each belongs to a staff member and acts
// with at most their role. The owner sees and revokes everyone's; the others only their own.

const MESSAGES = {
  notFound: 'APIトークンが見つかりません。',
  revoked: 'このAPIトークンは既に無効にされています。',
  roleTooHigh: '自分の役割より強い権限のトークンは作成できません。',
  account: 'APIトークンはスタッフアカウントでログインして作成してください。',
} as const;

const t = staffApiTokens;

type TokenRow = typeof t.$inferSelect & { staffName: string };

function describeToken(row: TokenRow) {
  return {
    id: row.id,
    staffId: row.staffId,
    staffName: row.staffName,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const withStaffName = { token: t, staffName: staffAccounts.name };

/** The tokens the actor may see: an owner's view is every token, anyone else's their own. */
export async function listTokens(deps: AppDeps, actor: StaffActor) {
  const rows = await deps.db.orm
    .select(withStaffName)
    .from(t)
    .innerJoin(staffAccounts, eq(staffAccounts.id, t.staffId))
    .where(actor.role === 'owner' ? undefined : eq(t.staffId, actor.staffId ?? -1))
    .orderBy(asc(t.id));
  return rows.map((r) => describeToken({ ...r.token, staffName: r.staffName }));
}

/**
 * A new token of the actor's own, with their role or a lower one (403
 * `api_token_role_too_high` above it). The token is answered this once; only its hash stays.
 */
export async function createToken(
  deps: AppDeps,
  actor: StaffActor,
  input: { name: string; role?: StaffRole | undefined },
) {
  if (actor.staffId === null) throw new ServiceError('staff_account_required', MESSAGES.account);
  const role = input.role ?? actor.role;
  if (lowerRole(role, actor.role) !== role) {
    throw new ServiceError('api_token_role_too_high', MESSAGES.roleTooHigh);
  }
  const secret = newApiToken();
  const now = deps.now();
  const staffId = actor.staffId;
  const row = await deps.db.orm.transaction(async (tx) => {
    const [created] = await tx
      .insert(t)
      .values({
        staffId,
        name: input.name,
        tokenHash: hashApiToken(secret),
        prefix: apiTokenPrefix(secret),
        role,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('token insert returned no row');
    await recordAudit(
      tx,
      actor,
      {
        action: 'api_token.create',
        targetType: 'api_token',
        targetId: created.id,
        before: null,
        after: { name: created.name, role: created.role, prefix: created.prefix, staffId },
      },
      now,
    );
    return created;
  });
  return { token: describeToken({ ...row, staffName: actor.name }), secret };
}

/**
 * Revokes a token for good: the owner any, anyone else only their own (another's is 404, as if
 * it did not exist); 409 `api_token_revoked` the second time.
 */
export async function revokeToken(deps: AppDeps, actor: StaffActor, id: number) {
  const now = deps.now();
  const row = await deps.db.orm.transaction(async (tx) => {
    const [found] = await tx
      .select(withStaffName)
      .from(t)
      .innerJoin(staffAccounts, eq(staffAccounts.id, t.staffId))
      .where(
        and(eq(t.id, id), actor.role === 'owner' ? undefined : eq(t.staffId, actor.staffId ?? -1)),
      )
      .for('update', { of: t });
    if (!found) throw new ServiceError('api_token_not_found', MESSAGES.notFound);
    const [revoked] = await tx
      .update(t)
      .set({ revokedAt: now })
      .where(and(eq(t.id, id), isNull(t.revokedAt)))
      .returning();
    if (!revoked) throw new ServiceError('api_token_revoked', MESSAGES.revoked);
    await recordAudit(
      tx,
      actor,
      {
        action: 'api_token.revoke',
        targetType: 'api_token',
        targetId: id,
        before: { revokedAt: null },
        after: { revokedAt: now.toISOString() },
      },
      now,
    );
    return { ...revoked, staffName: found.staffName };
  });
  return describeToken(row);
}
