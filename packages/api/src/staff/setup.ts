import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { serverSecret } from '../services/server-secrets';
import { ServiceError } from '../services/service-error';
import { insertStaff, setupRequired } from './accounts';
import { recordAudit } from './audit';
import type { StaffAccountRow } from './sessions';

// The first owner: while no staff account exists, whoever holds the setup token (printed by the
// server at start, or the operator at the machine with the CLI) creates the owner. Nothing else
// in the back office works without a staff account, so this is how a new shop gets one.

const MESSAGES = {
  done: 'オーナーは既に登録されています。ログインしてください。',
  token: 'セットアップ用のURLが正しくありません。サーバーのログに表示されたURLを開いてください。',
} as const;

/**
 * The setup token: an HMAC under the `staff-setup` server secret, so every instance behind the
 * load balancer prints and accepts the same one, and nobody without the server's log or database
 * can guess it.
 */
export async function setupToken(db: Database): Promise<string> {
  const secret = await serverSecret(db, 'staff-setup');
  return createHmac('sha256', secret).update('first-owner').digest('base64url');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How the first owner was made, as the audit log records it. */
export type SetupChannel = 'setup_url' | 'cli';

/**
 * Creates the first owner, only while no staff account exists. The table is locked (SHARE ROW
 * EXCLUSIVE, which conflicts with itself and with inserts) before it is counted, so of two
 * setups at once, on any instances, exactly one creates an owner and the other answers 409
 * `setup_done`.
 */
export async function createFirstOwner(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  input: { email: string; name: string; password: string },
  channel: SetupChannel,
): Promise<StaffAccountRow> {
  if (!(await setupRequired(deps))) throw new ServiceError('setup_done', MESSAGES.done);
  const passwordHash = await hashPassword(input.password, deps.config.accounts.password);
  const now = deps.now();
  return deps.db.orm.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE staff_accounts IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await txRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM staff_accounts`,
    );
    if ((existing?.n ?? 0) > 0) throw new ServiceError('setup_done', MESSAGES.done);
    const owner = await insertStaff(
      tx,
      {
        email: input.email,
        name: input.name,
        role: 'owner',
        passwordHash,
        passwordChangeRequired: false,
      },
      now,
    );
    await recordAudit(
      tx,
      { staffId: owner.id, name: owner.name, role: 'owner', via: 'session' },
      {
        action: 'staff.setup',
        targetType: 'staff',
        targetId: owner.id,
        before: null,
        after: { email: owner.email, name: owner.name, role: owner.role, channel },
      },
      now,
    );
    return owner;
  });
}

/** The setup through the API: the setup token must match. */
export async function setupWithToken(
  deps: AppDeps,
  input: { setupToken: string; email: string; name: string; password: string },
): Promise<StaffAccountRow> {
  if (!(await setupRequired(deps))) throw new ServiceError('setup_done', MESSAGES.done);
  if (!sameToken(input.setupToken, await setupToken(deps.db))) {
    throw new ServiceError('setup_token_invalid', MESSAGES.token);
  }
  return createFirstOwner(deps, input, 'setup_url');
}

/**
 * Logs the first owner's setup URL at start while no staff account exists (docs/operations.md,
 * "First owner"); says nothing once there is one.
 */
export async function announceSetup(
  deps: Pick<AppDeps, 'db' | 'log'>,
  origin: string,
): Promise<void> {
  if (!(await setupRequired(deps))) return;
  const token = await setupToken(deps.db);
  deps.log(
    `no staff account yet: create the first owner at ${origin}/admin/setup?token=${token} (or: pnpm --filter @shop/api staff create-owner <email> <name>)`,
  );
}
