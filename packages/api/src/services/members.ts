import { jstToday } from '@shop/rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountConfig } from '../accounts/config';
import { isAdult, type loginSchema, type registrationSchema } from '../accounts/member-schemas';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../accounts/password';
import { members } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { clearFailures, lockedUntil, recordAttempt, ThrottledError } from './throttle';

/** A member as the API shows it to that member. */
export interface MemberView {
  id: number;
  email: string;
  name: string;
  birthDate: string | null;
  /** 18 or older today (JST): may buy adult-only items. */
  isAdult: boolean;
  createdAt: string;
}

type MemberRow = typeof members.$inferSelect;

export function toMemberView(row: MemberRow, now: Date): MemberView {
  return {
    id: row.id,
    email: row.email ?? '',
    name: row.name,
    birthDate: row.birthDate,
    isAdult: isAdult(row.birthDate, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The active (not withdrawn) member with this id. */
export async function findActiveMember(
  deps: Pick<AppDeps, 'db'>,
  memberId: number,
): Promise<MemberRow | undefined> {
  const [row] = await deps.db.orm
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.withdrawnAt)));
  return row;
}

const EMAIL_TAKEN =
  'このメールアドレスは既に登録されています。ログインするか、別のメールアドレスをご利用ください。';

/** A PostgreSQL unique violation (23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Registers a member; the caller then logs the session in. */
export async function registerMember(
  deps: AppDeps,
  input: z.infer<typeof registrationSchema>,
  address: string,
): Promise<MemberRow> {
  const now = deps.now();
  const config = deps.config.accounts;
  if (input.birthDate && input.birthDate > jstToday(now)) {
    throw new ApiError(400, 'invalid_birth_date', '生年月日に未来の日付は指定できません。');
  }
  const key = `register-address:${address}`;
  const locked = await lockedUntil(deps.db, [key], now);
  if (locked) throw new ThrottledError(locked, now, '会員登録');

  const [existing] = await deps.db.orm
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.email, input.email), isNull(members.withdrawnAt)));
  if (existing) throw new ApiError(409, 'email_taken', EMAIL_TAKEN);

  const passwordHash = await hashPassword(input.password, config.password);
  try {
    const [row] = await deps.db.orm
      .insert(members)
      .values({
        email: input.email,
        passwordHash,
        name: input.name,
        birthDate: input.birthDate ?? null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('member insert returned no row');
    // Every registration counts against the address (successes too), so one client cannot mass-create accounts.
    await recordAttempt(deps.db, key, config.throttle.register, now);
    return row;
  } catch (error) {
    // Two registrations of one address at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw new ApiError(409, 'email_taken', EMAIL_TAKEN);
    throw error;
  }
}

const INVALID_LOGIN = 'メールアドレスまたはパスワードが正しくありません。';

function loginKeys(email: string, address: string) {
  return { account: `login-account:${email}`, address: `login-address:${address}` };
}

/**
 * Checks an e-mail address and password, throttled per account and per client address in the
 * database. A wrong password or unknown address costs the same time and answers the same 401;
 * the failure that reaches a limit, and every attempt while locked, answer 429.
 * A hash made with older parameters is replaced after a successful check.
 */
export async function authenticate(
  deps: AppDeps,
  input: z.infer<typeof loginSchema>,
  address: string,
): Promise<MemberRow> {
  const now = deps.now();
  const config: AccountConfig = deps.config.accounts;
  const keys = loginKeys(input.email, address);
  const locked = await lockedUntil(deps.db, [keys.account, keys.address], now);
  if (locked) throw new ThrottledError(locked, now, 'ログイン');

  const [member] = await deps.db.orm
    .select()
    .from(members)
    .where(and(eq(members.email, input.email), isNull(members.withdrawnAt)));

  let ok = false;
  if (member?.passwordHash) {
    const check = await verifyPassword(input.password, member.passwordHash, config.password);
    ok = check.ok;
    if (check.needsRehash) {
      await deps.db.orm
        .update(members)
        .set({ passwordHash: await hashPassword(input.password, config.password) })
        .where(eq(members.id, member.id));
    }
  } else {
    await burnPasswordCheck(input.password, config.password);
  }

  if (!ok || !member) {
    const [accountLock, addressLock] = await Promise.all([
      recordAttempt(deps.db, keys.account, config.throttle.loginAccount, now),
      recordAttempt(deps.db, keys.address, config.throttle.loginAddress, now),
    ]);
    const lock = [accountLock, addressLock]
      .filter((d): d is Date => d !== undefined)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (lock) throw new ThrottledError(lock, now, 'ログイン');
    throw new ApiError(401, 'invalid_credentials', INVALID_LOGIN);
  }
  // Only the account's counter: a success must not let one address reset its own failures.
  await clearFailures(deps.db, keys.account);
  return member;
}
