import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { burnPasswordCheck, verifyPassword } from '../auth/password';
import { staffAccounts } from '../db/schema';
import type { AppDeps } from '../deps';
import { ServiceError } from '../services/service-error';
import { lockedOut, reserveAttempt } from '../services/throttle';
import type { loginSchema } from './schemas';
import type { StaffAccountRow } from './sessions';
import { checkTotpCode, openTotpSecret } from './totp';

const MESSAGES = {
  invalid: 'メールアドレス、パスワードまたは確認コードが正しくありません。',
  totpRequired: '認証アプリの6桁の確認コードを入力してください。',
} as const;

const WHAT = 'ログイン';

const sa = staffAccounts;

/**
 * Counts one login attempt against the account in ONE update, before the password is checked:
 * the members' policy (config.throttle.loginAccount: 5 wrong logins in 15 minutes lock the
 * account for 15 minutes), kept on the account's own row so the owner can unlock it. The row
 * lock serialises concurrent attempts on every instance: a burst never gets more than the limit
 * through. Answers the attempt's number, or undefined when the account is locked.
 */
async function countAttempt(deps: AppDeps, staffId: number, now: Date) {
  const policy = deps.config.accounts.throttle.loginAccount;
  const inWindow = sql`(${sa.failuresStartedAt} > ${new Date(now.getTime() - policy.windowMs)})`;
  const [row] = await deps.db.orm
    .update(sa)
    .set({
      failedAttempts: sql`case when ${inWindow} then ${sa.failedAttempts} + 1 else 1 end`,
      failuresStartedAt: sql`case when ${inWindow} then ${sa.failuresStartedAt} else ${now} end`,
    })
    .where(
      and(
        eq(sa.id, staffId),
        or(isNull(sa.lockedUntil), lte(sa.lockedUntil, now)),
        sql`(not ${inWindow} or ${sa.failedAttempts} < ${policy.maxAttempts})`,
      ),
    )
    .returning({ attempt: sa.failedAttempts });
  return row?.attempt;
}

/** When a refused account frees up: the end of its lock, else the end of its full window. */
function lockEnd(deps: AppDeps, staff: StaffAccountRow, now: Date): Date {
  if (staff.lockedUntil && staff.lockedUntil > now) return staff.lockedUntil;
  const policy = deps.config.accounts.throttle.loginAccount;
  return new Date((staff.failuresStartedAt ?? now).getTime() + policy.windowMs);
}

/**
 * A wrong login: the attempt stays counted, and the one that reaches the limit locks the
 * account for the policy's lockMs and is itself answered 429.
 */
async function failAttempt(deps: AppDeps, staffId: number, attempt: number, now: Date) {
  const policy = deps.config.accounts.throttle.loginAccount;
  if (attempt < policy.maxAttempts) return undefined;
  const until = new Date(now.getTime() + policy.lockMs);
  await deps.db.orm.update(sa).set({ lockedUntil: until }).where(eq(sa.id, staffId));
  return lockedOut(until, now, WHAT);
}

/** An attempt that checked nothing or must not count (no code yet, the hash queue full). */
async function refundAttempt(deps: AppDeps, staffId: number) {
  await deps.db.orm
    .update(sa)
    .set({ failedAttempts: sql`greatest(${sa.failedAttempts} - 1, 0)` })
    .where(eq(sa.id, staffId));
}

/** The account by its e-mail address, whatever its case. */
export async function staffByEmail(
  deps: Pick<AppDeps, 'db'>,
  email: string,
): Promise<StaffAccountRow | undefined> {
  const [row] = await deps.db.orm
    .select()
    .from(sa)
    .where(eq(sql`lower(${sa.email})`, email.toLowerCase()));
  return row;
}

/**
 * Checks a staff login: the members' password check (same scrypt, the same work for an unknown
 * address), then, once two-factor login is on, the TOTP code. Counted against the client's
 * address like members' logins (services/throttle.ts) and against the account on its row
 * (countAttempt). A disabled account is refused like a wrong password. A right password without
 * a code answers 401 `totp_code_required` and counts nothing: the page then asks for the code.
 * Answers the account and whether the login proved a code.
 */
export async function authenticateStaff(
  deps: AppDeps,
  input: z.infer<typeof loginSchema>,
  address: string,
): Promise<{ staff: StaffAccountRow; totpVerified: boolean }> {
  const now = deps.now();
  const params = deps.config.accounts.password;
  const throttle = await reserveAttempt(
    deps.db,
    {
      address: {
        key: `staff-login-address:${address}`,
        policy: deps.config.accounts.throttle.loginAddress,
      },
    },
    now,
    WHAT,
  );
  const invalid = async () =>
    (await throttle.fail('address')) ?? new ServiceError('invalid_credentials', MESSAGES.invalid);

  const staff = await throttle.refundIfThrows(() => staffByEmail(deps, input.email));
  if (!staff || staff.disabledAt !== null) {
    await throttle.refundIfThrows(() => burnPasswordCheck(input.password, params));
    throw await invalid();
  }
  const attempt = await countAttempt(deps, staff.id, now);
  if (attempt === undefined) {
    await throttle.refund('address');
    throw lockedOut(lockEnd(deps, staff, now), now, WHAT);
  }
  let check: Awaited<ReturnType<typeof verifyPassword>>;
  try {
    check = await verifyPassword(input.password, staff.passwordHash, params);
  } catch (error) {
    await refundAttempt(deps, staff.id);
    await throttle.refund('address');
    throw error;
  }
  if (!check.ok) throw (await failAttempt(deps, staff.id, attempt, now)) ?? (await invalid());

  if (staff.totpEnabled) {
    if (input.totp === undefined) {
      await refundAttempt(deps, staff.id);
      await throttle.refund('address');
      throw new ServiceError('totp_code_required', MESSAGES.totpRequired);
    }
    if (!(await useTotpCode(deps, staff, input.totp, now))) {
      throw (await failAttempt(deps, staff.id, attempt, now)) ?? (await invalid());
    }
  }
  await deps.db.orm
    .update(sa)
    .set({ failedAttempts: 0, failuresStartedAt: null, lockedUntil: null })
    .where(eq(sa.id, staff.id));
  await throttle.refund('address');
  return { staff, totpVerified: staff.totpEnabled };
}

/**
 * Checks a TOTP code of an account that has one and spends it: the code's step becomes the
 * account's last step in one conditional update, so of two requests with the same code (a
 * replay, a double submit) only one is let in.
 */
export async function useTotpCode(
  deps: AppDeps,
  staff: StaffAccountRow,
  code: string,
  now: Date,
): Promise<boolean> {
  if (staff.totpSecret === null) return false;
  const secret = await openTotpSecret(deps.db, staff.totpSecret);
  const result = await checkTotpCode(secret, code, now, staff.totpLastStep);
  if (!result.ok) return false;
  const [spent] = await deps.db.orm
    .update(sa)
    .set({ totpLastStep: result.step })
    .where(and(eq(sa.id, staff.id), or(isNull(sa.totpLastStep), lt(sa.totpLastStep, result.step))))
    .returning({ id: sa.id });
  return spent !== undefined;
}
