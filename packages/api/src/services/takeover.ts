import { createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, passwordInputSchema } from '../accounts/member-schemas';
import { burnPasswordCheck, verifyPassword } from '../auth/password';
import { legacyAccounts, legacyOrders } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { lockActiveMember } from './member-lock';
import { isUniqueViolation } from './members';
import { ServiceError } from './service-error';
import { reserveAttempt } from './throttle';

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
  new ServiceError(
    'takeover_already_done',
    '既に旧サイトのアカウントを引き継いでいます。引き継ぎは1回のみです。',
  );
const LEGACY_TAKEN = () =>
  new ServiceError('takeover_account_used', 'この旧サイトのアカウントは既に引き継がれています。');
const NO_MATCH = () =>
  new ServiceError(
    'takeover_not_found',
    '旧サイトのアカウントが見つからないか、パスワードまたは引き継ぎコードが正しくありません。',
  );

/**
 * Links a legacy account to the member, once: a member links at most one account and an account
 * is linked to at most one member (conditional update plus a unique index, so two concurrent
 * attempts cannot both win). Each attempt reserves a slot per member and per client address
 * before anything is looked up or hashed, so a burst of guesses gets at most the limit's worth
 * checked. Wrong credentials keep both slots (the one that fills a counter answers 429); a link
 * clears the member's counter and gives the address slot back; an answer that is no guess
 * (already linked, the account taken by another member) gives both back.
 */
export async function takeOver(
  deps: AppDeps,
  memberId: number,
  input: z.infer<typeof takeoverSchema>,
  address: string,
): Promise<TakeoverStatus> {
  const now = deps.now();
  const config = deps.config.accounts;
  const attempt = await reserveAttempt(
    deps.db,
    {
      member: { key: `takeover-member:${memberId}`, policy: config.throttle.takeover },
      address: { key: `takeover-address:${address}`, policy: config.throttle.loginAddress },
    },
    now,
    '引き継ぎ',
  );
  const outcome = await attempt.refundIfThrows(() => link(deps, memberId, input, now));
  if (outcome === 'no_match') throw (await attempt.fail('member', 'address')) ?? NO_MATCH();
  if (outcome === 'linked') {
    await attempt.clear('member');
    await attempt.refund('address');
    return takeoverStatus(deps, memberId);
  }
  await attempt.refund('member', 'address');
  throw outcome;
}

/** The legacy account matching the credentials, linked to the member if it still can be. */
async function link(
  deps: AppDeps,
  memberId: number,
  input: z.infer<typeof takeoverSchema>,
  now: Date,
): Promise<'linked' | 'no_match' | ServiceError> {
  if (await linkedAccount(deps, memberId)) return ALREADY_LINKED();
  const account = await matchingAccount(deps, input);
  if (!account) return 'no_match';
  if (account.linkedMemberId !== null) {
    return account.linkedMemberId === memberId ? ALREADY_LINKED() : LEGACY_TAKEN();
  }
  try {
    const linked = await deps.db.orm.transaction(async (tx) => {
      // Not for a member withdrawn meanwhile: withdrawal erases a linked account's details.
      await lockActiveMember(tx, memberId, 'share');
      return tx
        .update(legacyAccounts)
        .set({ linkedMemberId: memberId, linkedAt: now })
        .where(and(eq(legacyAccounts.id, account.id), isNull(legacyAccounts.linkedMemberId)))
        .returning({ id: legacyAccounts.id });
    });
    return linked.length === 0 ? LEGACY_TAKEN() : 'linked';
  } catch (error) {
    // The unique index on linked_member_id: this member linked another account meanwhile.
    if (isUniqueViolation(error)) return ALREADY_LINKED();
    throw error;
  }
}

/** The legacy account of a takeover code, or of an e-mail and password (same work either way). */
async function matchingAccount(
  deps: AppDeps,
  input: z.infer<typeof takeoverSchema>,
): Promise<typeof legacyAccounts.$inferSelect | undefined> {
  if ('takeoverCode' in input) {
    const [account] = await deps.db.orm
      .select()
      .from(legacyAccounts)
      .where(eq(legacyAccounts.takeoverCodeHash, hashTakeoverCode(input.takeoverCode)));
    return account;
  }
  const params = deps.config.accounts.password;
  const [candidate] = await deps.db.orm
    .select()
    .from(legacyAccounts)
    .where(eq(legacyAccounts.email, input.email));
  if (!candidate?.passwordHash) {
    await burnPasswordCheck(input.password, params);
    return undefined;
  }
  const check = await verifyPassword(input.password, candidate.passwordHash, params);
  return check.ok ? candidate : undefined;
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
    throw new ServiceError(
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
