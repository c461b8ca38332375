import { jstToday } from '@shop/rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { isAdult, type loginSchema, type registrationSchema } from '../accounts/member-schemas';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import type { AccountConfig } from '../config/accounts';
import { members } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { ThrottledError } from '../errors';
import { ServiceError } from './service-error';
import { reserveAttempt } from './throttle';

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

/**
 * The active member with this id who signs in with an e-mail address and a password, for an
 * action that asks for the password again (e-mail change, withdrawal); anyone else is refused
 * as not logged in.
 */
export async function findPasswordMember(
  deps: Pick<AppDeps, 'db'>,
  memberId: number,
): Promise<MemberRow & { email: string; passwordHash: string }> {
  const member = await findActiveMember(deps, memberId);
  if (!member?.email || !member.passwordHash)
    throw new ServiceError('login_required', 'ログインしてください。');
  return { ...member, email: member.email, passwordHash: member.passwordHash };
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

type Registration = { created: MemberRow } | { refused: ServiceError };

/**
 * Registers a member; the caller then logs the session in. Each attempt first reserves a slot
 * in two counters of the client address: `register` (attempts that create no member: an address
 * already registered, which reveals membership, or an invalid birth date) and `registerMembers`
 * (members created). A created member gives the first slot back and keeps the second; any other
 * answer keeps the first and gives the second back. So probing for members is throttled like
 * failed logins, while a family or office behind one address only meets the higher cap.
 */
export async function registerMember(
  deps: AppDeps,
  input: z.infer<typeof registrationSchema>,
  address: string,
): Promise<MemberRow> {
  const now = deps.now();
  const config = deps.config.accounts;
  const attempt = await reserveAttempt(
    deps.db,
    {
      refused: { key: `register-address:${address}`, policy: config.throttle.register },
      created: { key: `register-members:${address}`, policy: config.throttle.registerMembers },
    },
    now,
    '会員登録',
  );
  const outcome = await attempt.refundIfThrows(() => createMember(deps, input, now));
  if ('created' in outcome) {
    await attempt.refund('refused');
    return outcome.created;
  }
  await attempt.refund('created');
  throw (await attempt.fail('refused')) ?? outcome.refused;
}

async function createMember(
  deps: AppDeps,
  input: z.infer<typeof registrationSchema>,
  now: Date,
): Promise<Registration> {
  if (input.birthDate && input.birthDate > jstToday(now)) {
    return {
      refused: new ServiceError('invalid_birth_date', '生年月日に未来の日付は指定できません。'),
    };
  }
  const [existing] = await deps.db.orm
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.email, input.email), isNull(members.withdrawnAt)));
  if (existing) return { refused: new ServiceError('email_taken', EMAIL_TAKEN) };

  const passwordHash = await hashPassword(input.password, deps.config.accounts.password);
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
    return { created: row };
  } catch (error) {
    // Two registrations of one address at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) return { refused: new ServiceError('email_taken', EMAIL_TAKEN) };
    throw error;
  }
}

const INVALID_LOGIN = 'メールアドレスまたはパスワードが正しくありません。';

/**
 * Checks an e-mail address and password, throttled per account and per client address in the
 * database. Each attempt reserves a slot in both counters before any hashing, so a burst gets
 * at most the limit's worth of checks. A wrong password or unknown address costs the same time
 * and answers the same 401 and keeps both slots; the failure that fills a counter, and every
 * attempt refused by one, answer 429. A success clears the account's counter (its owner's typos
 * are forgiven) but only gives back its own slot at the address, so one address cannot wipe the
 * failures it made against other accounts. A hash made with older parameters is replaced after
 * a successful check, unless the hash queue is full (then at a later login).
 */
export async function authenticate(
  deps: AppDeps,
  input: z.infer<typeof loginSchema>,
  address: string,
): Promise<MemberRow> {
  const now = deps.now();
  const config: AccountConfig = deps.config.accounts;
  const attempt = await reserveAttempt(
    deps.db,
    {
      account: { key: `login-account:${input.email}`, policy: config.throttle.loginAccount },
      address: { key: `login-address:${address}`, policy: config.throttle.loginAddress },
    },
    now,
    'ログイン',
  );
  const member = await attempt.refundIfThrows(() => checkCredentials(deps, input));
  if (!member) {
    throw (
      (await attempt.fail('account', 'address')) ??
      new ServiceError('invalid_credentials', INVALID_LOGIN)
    );
  }
  await attempt.clear('account');
  await attempt.refund('address');
  return member;
}

/** The active member with these credentials, after the same work whether or not one exists. */
async function checkCredentials(
  deps: AppDeps,
  input: z.infer<typeof loginSchema>,
): Promise<MemberRow | undefined> {
  const params = deps.config.accounts.password;
  const [member] = await deps.db.orm
    .select()
    .from(members)
    .where(and(eq(members.email, input.email), isNull(members.withdrawnAt)));
  if (!member?.passwordHash) {
    await burnPasswordCheck(input.password, params);
    return undefined;
  }
  const check = await verifyPassword(input.password, member.passwordHash, params);
  if (!check.ok) return undefined;
  if (check.needsRehash) await rehash(deps, member.id, input.password);
  return member;
}

/** Stores a hash with the current parameters; skipped while the hash queue is full. */
async function rehash(deps: AppDeps, memberId: number, password: string): Promise<void> {
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password, deps.config.accounts.password);
  } catch (error) {
    if (error instanceof ThrottledError) return;
    throw error;
  }
  await deps.db.orm.update(members).set({ passwordHash }).where(eq(members.id, memberId));
}
