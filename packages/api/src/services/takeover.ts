import { createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, passwordInputSchema } from '../accounts/member-schemas';
import { burnPasswordCheck, verifyPassword } from '../accounts/password';
import { legacyAccounts, legacyOrders } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { isUniqueViolation } from './members';
import { clearFailures, lockedUntil, recordAttempt, ThrottledError } from './throttle';

/** `abcd-efgh-2345` → `ABCDEFGH2345`: how codes are compared and hashed. */
export function normalizeTakeoverCode(code: string): string {
  return code.normalize('NFKC').toUpperCase().replace(/[\s-]/g, '');
}

export function hashTakeoverCode(code: string): string {
  return createHash('sha256').update(normalizeTakeoverCode(code)).digest('hex');
}

/** Either the old shop's e-mail and password, or the takeover code from its final mail. */
export const takeoverSchema = z.union(
  [
    z.strictObject({ email: emailSchema, password: passwordInputSchema }),
    z.strictObject({
      takeoverCode: z
        .string({ error: '引き継ぎコードを入力してください' })
        .max(40, { error: '引き継ぎコードが正しくありません' })
        .refine((s) => /^[A-Z0-9]{8,24}$/.test(normalizeTakeoverCode(s)), {
          error: '引き継ぎコードが正しくありません',
        }),
    }),
  ],
  { error: '旧サイトのメールアドレスとパスワード、または引き継ぎコードを入力してください' },
);

export interface TakeoverStatus {
  linked: boolean;
  linkedAt: string | null;
  /** The legacy account's e-mail address, partly masked. */
  legacyEmail: string | null;
}

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

async function linkedAccount(deps: AppDeps, memberId: number) {
  const [row] = await deps.db.orm
    .select()
    .from(legacyAccounts)
    .where(eq(legacyAccounts.linkedMemberId, memberId));
  return row;
}

export async function takeoverStatus(deps: AppDeps, memberId: number): Promise<TakeoverStatus> {
  const row = await linkedAccount(deps, memberId);
  return {
    linked: row !== undefined,
    linkedAt: row?.linkedAt?.toISOString() ?? null,
    legacyEmail: maskEmail(row?.email ?? null),
  };
}

const ALREADY_LINKED = () =>
  new ApiError(
    409,
    'takeover_already_done',
    '既に旧サイトのアカウントを引き継いでいます。引き継ぎは1回のみです。',
  );
const LEGACY_TAKEN = () =>
  new ApiError(409, 'takeover_account_used', 'この旧サイトのアカウントは既に引き継がれています。');
const NO_MATCH = () =>
  new ApiError(
    401,
    'takeover_not_found',
    '旧サイトのアカウントが見つからないか、パスワードまたは引き継ぎコードが正しくありません。',
  );

/**
 * Links a legacy account to the member, once: a member links at most one account and an account
 * is linked to at most one member (conditional update plus a unique index, so two concurrent
 * attempts cannot both win). Failed attempts are throttled per member and per address.
 */
export async function takeOver(
  deps: AppDeps,
  memberId: number,
  input: z.infer<typeof takeoverSchema>,
  address: string,
): Promise<TakeoverStatus> {
  const now = deps.now();
  const config = deps.config.accounts;
  const keys = { member: `takeover-member:${memberId}`, address: `takeover-address:${address}` };
  const locked = await lockedUntil(deps.db, [keys.member, keys.address], now);
  if (locked) throw new ThrottledError(locked, now, '引き継ぎ');
  if (await linkedAccount(deps, memberId)) throw ALREADY_LINKED();

  let account: typeof legacyAccounts.$inferSelect | undefined;
  if ('takeoverCode' in input) {
    [account] = await deps.db.orm
      .select()
      .from(legacyAccounts)
      .where(eq(legacyAccounts.takeoverCodeHash, hashTakeoverCode(input.takeoverCode)));
  } else {
    const [candidate] = await deps.db.orm
      .select()
      .from(legacyAccounts)
      .where(eq(legacyAccounts.email, input.email));
    if (candidate?.passwordHash) {
      const check = await verifyPassword(input.password, candidate.passwordHash, config.password);
      if (check.ok) account = candidate;
    } else {
      await burnPasswordCheck(input.password, config.password);
    }
  }

  if (!account) {
    const [memberLock, addressLock] = await Promise.all([
      recordAttempt(deps.db, keys.member, config.throttle.takeover, now),
      recordAttempt(deps.db, keys.address, config.throttle.loginAddress, now),
    ]);
    const lock = memberLock ?? addressLock;
    if (lock) throw new ThrottledError(lock, now, '引き継ぎ');
    throw NO_MATCH();
  }
  if (account.linkedMemberId !== null) {
    throw account.linkedMemberId === memberId ? ALREADY_LINKED() : LEGACY_TAKEN();
  }

  try {
    const linked = await deps.db.orm
      .update(legacyAccounts)
      .set({ linkedMemberId: memberId, linkedAt: now })
      .where(and(eq(legacyAccounts.id, account.id), isNull(legacyAccounts.linkedMemberId)))
      .returning({ id: legacyAccounts.id });
    if (linked.length === 0) throw LEGACY_TAKEN();
  } catch (error) {
    // The unique index on linked_member_id: this member linked another account meanwhile.
    if (isUniqueViolation(error)) throw ALREADY_LINKED();
    throw error;
  }
  await clearFailures(deps.db, keys.member);
  return takeoverStatus(deps, memberId);
}

export interface LegacyOrderView {
  orderNumber: string;
  orderedAt: string;
  status: string;
  total: number;
  items: Array<{ title: string; quantity: number; unitPrice: number }>;
}

/** The linked legacy account's orders, newest first. */
export async function legacyOrderHistory(
  deps: AppDeps,
  memberId: number,
): Promise<LegacyOrderView[]> {
  const account = await linkedAccount(deps, memberId);
  if (!account) {
    throw new ApiError(
      404,
      'takeover_not_linked',
      '旧サイトのアカウントが引き継がれていません。先に引き継ぎを行ってください。',
    );
  }
  const rows = await deps.db.orm
    .select()
    .from(legacyOrders)
    .where(eq(legacyOrders.legacyAccountId, account.id))
    .orderBy(desc(legacyOrders.orderedAt));
  return rows.map((r) => ({
    orderNumber: r.orderNumber,
    orderedAt: r.orderedAt.toISOString(),
    status: r.status,
    total: r.total,
    items: r.items,
  }));
}
