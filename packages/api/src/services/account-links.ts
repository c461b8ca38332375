import { createHash, randomBytes } from 'node:crypto';
import { type AccountLinkPurpose, accountLinkExpiresAt, isAccountLinkUsable } from '@shop/rules';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/password';
import { accountLinks, members, sessions, throttleCounters } from '../db/schema/accounts';
import type { Tx } from '../db/tx';
import type { AppDeps } from '../deps';
import { enqueueNotifications, type Notice } from '../notifications/outbox';
import { lockActiveMember } from './member-lock';
import { findPasswordMember, isUniqueViolation } from './members';
import { ServiceError } from './service-error';
import { reserveAttempt } from './throttle';

// The single-use links mailed to protect an account (docs/account-mail.md): a password reset
// asked for from the login modal, and the confirmation of a new e-mail address asked for in
// /mypage. The link carries 256 random bits; the table keeps only their SHA-256, and the mail's
// outbox row keeps the token, which the composer needs for the link (the outbox keeps a sent row
// OUTBOX_RETENTION_DAYS, long after the link is dead; docs/account-mail.md "What is stored").

export const ACCOUNT_LINK_MESSAGES = {
  resetLinkInvalid:
    'パスワード再設定のリンクが無効か、有効期限（30分）が切れています。お手数ですが、もう一度再設定をお申し込みください。',
  emailLinkInvalid:
    'メールアドレス変更のリンクが無効か、有効期限（24時間）が切れています。お手数ですが、マイページからもう一度お申し込みください。',
  emailTaken:
    'このメールアドレスは既に他の会員が登録しています。別のメールアドレスをご利用ください。',
  emailUnchanged: '現在と同じメールアドレスです。新しいメールアドレスを入力してください。',
} as const;

/**
 * The mail telling a member that a link changed their account (password or e-mail address) at
 * `now`: one per link used, however many times the use is retried.
 */
function changeNotice(
  kind: 'password_changed' | 'email_changed',
  to: Notice['to'],
  linkId: number,
  now: Date,
): Notice {
  return { kind, to, payload: { at: now.toISOString() }, dedupeKey: `${kind}:link:${linkId}` };
}
/** A new link's token: 256 random bits, base64url (43 characters). */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the table stores instead of the token (the token itself carries 256 bits). */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Asks for a password reset: the same answer and the same work whether or not the address is a
 * member's. Each request takes a slot in the address's and the client's counters (never given
 * back: each request may send a mail), then ONE statement looks the member up, retires their
 * older reset links, stores the new link and queues its mail; for an unknown address the same
 * statement finds no member and writes nothing. So neither the answer nor its timing tells
 * whether the address is registered.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  clientAddress: string,
): Promise<void> {
  const now = deps.now();
  const { throttle } = deps.config.accounts;
  await reserveAttempt(
    deps.db,
    {
      account: { key: `reset-account:${email}`, policy: throttle.passwordResetAccount },
      address: { key: `reset-address:${clientAddress}`, policy: throttle.passwordResetAddress },
    },
    now,
    'パスワード再設定のお申し込み',
  );
  const token = newToken();
  const at = now.toISOString();
  const expires = accountLinkExpiresAt('password_reset', now).toISOString();
  // The outbox row is written here as enqueueNotifications writes it (same columns and dedupe
  // key form), inside the statement, so that an unknown address costs the same single round trip.
  await deps.db.rows(
    sql`with m as (
          select id from members where email = ${email} and withdrawn_at is null),
        retired as (
          update account_links set used_at = ${at}
          where purpose = 'password_reset' and used_at is null and member_id in (select id from m)
          returning id),
        link as (
          insert into account_links (purpose, member_id, token_hash, created_at, expires_at)
          select 'password_reset', id, ${hashLinkToken(token)}, ${at}, ${expires} from m
          returning id, member_id)
        insert into notification_outbox
          (kind, member_id, recipient, payload, dedupe_key, next_attempt_at, created_at, updated_at)
        select 'password_reset', member_id, null, jsonb_build_object('linkId', id, 'token', ${token}::text),
          'password_reset:link:' || id, ${at}, ${at}, ${at}
        from link
        on conflict (dedupe_key) do nothing`,
  );
}

interface OpenLink {
  id: number;
  memberId: number;
  newEmail: string | null;
}

/**
 * The unused, unexpired link of this purpose a token names, checked against the rule of
 * @shop/rules. Unknown or dead tokens count against the client's counter (a token cannot be
 * guessed, but a script trying is throttled like a login).
 */
async function openLink(
  deps: AppDeps,
  purpose: AccountLinkPurpose,
  token: string,
  clientAddress: string,
  invalid: () => ServiceError,
): Promise<OpenLink> {
  const now = deps.now();
  const attempt = await reserveAttempt(
    deps.db,
    {
      address: {
        key: `account-link-address:${clientAddress}`,
        policy: deps.config.accounts.throttle.accountLinkAddress,
      },
    },
    now,
    'リンクの確認',
  );
  const [link] = TOKEN_PATTERN.test(token)
    ? await deps.db.orm
        .select()
        .from(accountLinks)
        .where(
          and(eq(accountLinks.tokenHash, hashLinkToken(token)), eq(accountLinks.purpose, purpose)),
        )
    : [];
  if (
    link === undefined ||
    !isAccountLinkUsable({ purpose, issuedAt: link.createdAt, usedAt: link.usedAt }, now)
  ) {
    throw (await attempt.fail('address')) ?? invalid();
  }
  await attempt.refund('address');
  return { id: link.id, memberId: link.memberId, newEmail: link.newEmail };
}

/** Marks a link used; false when another use took it first (the row lock orders the two). */
async function useLink(tx: Tx, linkId: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(accountLinks)
    .set({ usedAt: now })
    .where(and(eq(accountLinks.id, linkId), isNull(accountLinks.usedAt)))
    .returning({ id: accountLinks.id });
  return used.length === 1;
}

const resetLinkInvalid = () =>
  new ServiceError('reset_link_invalid', ACCOUNT_LINK_MESSAGES.resetLinkInvalid);

/**
 * Sets a new password with a reset link, once: in one transaction the link is used (a second
 * use at the same moment finds it used and changes nothing), the password replaced, every
 * session of the member ended, the login lock of the address cleared, the member's other reset
 * links retired and the パスワード変更のお知らせ queued. The member then logs in anew.
 */
export async function resetPassword(
  deps: AppDeps,
  input: { token: string; password: string },
  clientAddress: string,
): Promise<void> {
  const link = await openLink(deps, 'password_reset', input.token, clientAddress, resetLinkInvalid);
  const passwordHash = await hashPassword(input.password, deps.config.accounts.password);
  const now = deps.now();
  await deps.db.orm.transaction(async (tx) => {
    if (!(await useLink(tx, link.id, now))) throw resetLinkInvalid();
    const [member] = await tx
      .update(members)
      .set({ passwordHash })
      .where(and(eq(members.id, link.memberId), isNull(members.withdrawnAt)))
      .returning({ email: members.email });
    if (!member?.email) throw resetLinkInvalid();
    await tx.delete(sessions).where(eq(sessions.memberId, link.memberId));
    await tx
      .delete(throttleCounters)
      .where(eq(throttleCounters.key, `login-account:${member.email}`));
    await tx
      .update(accountLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountLinks.memberId, link.memberId),
          eq(accountLinks.purpose, 'password_reset'),
          isNull(accountLinks.usedAt),
        ),
      );
    await enqueueNotifications(
      tx,
      [changeNotice('password_changed', { memberId: link.memberId }, link.id, now)],
      now,
    );
  });
}

const emailLinkInvalid = () =>
  new ServiceError('email_change_link_invalid', ACCOUNT_LINK_MESSAGES.emailLinkInvalid);
const emailTaken = () => new ServiceError('email_taken', ACCOUNT_LINK_MESSAGES.emailTaken);

/**
 * Asks to move a member's address to `newEmail`: the password is checked against the login's
 * account counter (like withdrawal), each request takes a slot of the member's e-mail change
 * counter, an address another member holds is refused (409), and a link is mailed to the NEW
 * address (the outbox's `{ address }` recipient), retiring the member's older change links.
 * Nothing changes until the link is opened (confirmEmailChange).
 */
export async function requestEmailChange(
  deps: AppDeps,
  memberId: number,
  input: { password: string; newEmail: string },
): Promise<void> {
  const now = deps.now();
  const config = deps.config.accounts;
  const member = await findPasswordMember(deps, memberId);
  const attempt = await reserveAttempt(
    deps.db,
    {
      account: { key: `login-account:${member.email}`, policy: config.throttle.loginAccount },
      change: { key: `email-change:${memberId}`, policy: config.throttle.emailChange },
    },
    now,
    'メールアドレス変更',
  );
  const passwordHash = member.passwordHash;
  const check = await attempt.refundIfThrows(() =>
    verifyPassword(input.password, passwordHash, config.password),
  );
  if (!check.ok) {
    await attempt.refund('change');
    throw (
      (await attempt.fail('account')) ??
      new ServiceError('invalid_password', 'パスワードが正しくありません。')
    );
  }
  await attempt.clear('account');
  if (input.newEmail === member.email) {
    await attempt.refund('change');
    throw new ServiceError('email_unchanged', ACCOUNT_LINK_MESSAGES.emailUnchanged);
  }
  const [holder] = await deps.db.orm
    .select({ id: members.id })
    .from(members)
    .where(
      and(eq(members.email, input.newEmail), isNull(members.withdrawnAt), ne(members.id, memberId)),
    );
  if (holder) throw emailTaken();

  const token = newToken();
  await deps.db.orm.transaction(async (tx) => {
    // Not for a member withdrawn meanwhile: withdrawal deletes the member's links.
    await lockActiveMember(tx, memberId, 'share');
    await tx
      .update(accountLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountLinks.memberId, memberId),
          eq(accountLinks.purpose, 'email_change'),
          isNull(accountLinks.usedAt),
        ),
      );
    const [link] = await tx
      .insert(accountLinks)
      .values({
        purpose: 'email_change',
        memberId,
        tokenHash: hashLinkToken(token),
        newEmail: input.newEmail,
        createdAt: now,
        expiresAt: accountLinkExpiresAt('email_change', now),
      })
      .returning({ id: accountLinks.id });
    if (!link) throw new Error('account link insert returned no row');
    await enqueueNotifications(
      tx,
      [
        {
          kind: 'email_change',
          to: { address: input.newEmail },
          payload: { linkId: link.id, token },
          dedupeKey: `email_change:link:${link.id}`,
        },
      ],
      now,
    );
  });
}

/**
 * Confirms an e-mail change with its link, signed in or not (the link proves the new mailbox, the
 * request proved the password): in one transaction the link is used, the address replaced and
 * メールアドレス変更のお知らせ queued to the OLD address. An address another member took
 * meanwhile is refused by the unique index (409 `email_taken`) and nothing changes. Returns the
 * new address.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  token: string,
  clientAddress: string,
): Promise<{ email: string }> {
  const link = await openLink(deps, 'email_change', token, clientAddress, emailLinkInvalid);
  const newEmail = link.newEmail;
  if (newEmail === null) throw emailLinkInvalid();
  const now = deps.now();
  try {
    await deps.db.orm.transaction(async (tx) => {
      if (!(await useLink(tx, link.id, now))) throw emailLinkInvalid();
      const [before] = await tx
        .select({ email: members.email })
        .from(members)
        .where(and(eq(members.id, link.memberId), isNull(members.withdrawnAt)))
        .for('update');
      if (!before?.email) throw emailLinkInvalid();
      await tx.update(members).set({ email: newEmail }).where(eq(members.id, link.memberId));
      await enqueueNotifications(
        tx,
        [changeNotice('email_changed', { address: before.email }, link.id, now)],
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { email: newEmail };
}
