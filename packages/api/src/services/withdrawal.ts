import { eq } from 'drizzle-orm';
import { verifyPassword } from '../auth/password';
import {
  accountLinks,
  contactMessages,
  favorites,
  legacyAccounts,
  members,
  savedCards,
  sessions,
  shippingAddresses,
} from '../db/schema/accounts';
import { memberNotices, restockRequests } from '../db/schema/notifications';
import type { AppDeps } from '../deps';
import { enqueueNotifications } from '../notifications/outbox';
import type { MemberOrders, WithdrawalBlocker } from './member-orders';
import { findPasswordMember } from './members';
import { ServiceError } from './service-error';
import { reserveAttempt } from './throttle';

function memberOrders(deps: AppDeps): MemberOrders {
  if (!deps.memberOrders) {
    throw new ServiceError(
      'withdrawal_unavailable',
      '現在、退会手続きを受け付けられません。お問い合わせください。',
    );
  }
  return deps.memberOrders;
}

export interface WithdrawalCheck {
  canWithdraw: boolean;
  blockers: WithdrawalBlocker[];
}

export async function checkWithdrawal(deps: AppDeps, memberId: number): Promise<WithdrawalCheck> {
  const blockers = await memberOrders(deps).withdrawalBlockers(deps.db.orm, memberId);
  return { canWithdraw: blockers.length === 0, blockers };
}

class Blocked extends Error {
  constructor(readonly blockers: WithdrawalBlocker[]) {
    super('withdrawal blocked');
  }
}

/**
 * Withdraws a member after re-checking the password: refused while orders are open; otherwise,
 * in one transaction, erases personal data (addresses, cards, favourites, contact messages,
 * the linked legacy account's details, the member's own fields, pending account links), revokes
 * every session, frees the e-mail address and queues 退会手続き完了のお知らせ to it, keeping the
 * member row and its anonymised orders. Cards are then
 * deleted at the gateway too.
 */
export async function withdraw(deps: AppDeps, memberId: number, password: string): Promise<void> {
  const now = deps.now();
  const config = deps.config.accounts;
  const orders = memberOrders(deps);
  const member = await findPasswordMember(deps, memberId);

  // The login's account counter, reserved before hashing like a login (see authenticate).
  const attempt = await reserveAttempt(
    deps.db,
    { account: { key: `login-account:${member.email}`, policy: config.throttle.loginAccount } },
    now,
    'パスワードの確認',
  );
  const { email, passwordHash } = member;
  const check = await attempt.refundIfThrows(() =>
    verifyPassword(password, passwordHash, config.password),
  );
  if (!check.ok) {
    throw (
      (await attempt.fail('account')) ??
      new ServiceError('invalid_password', 'パスワードが正しくありません。')
    );
  }
  await attempt.clear('account');

  let cards: Array<{ cardSeq: string }> = [];
  try {
    cards = await deps.db.orm.transaction(async (tx) => {
      await tx
        .select({ id: members.id })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      const blockers = await orders.withdrawalBlockers(tx, memberId);
      if (blockers.length > 0) throw new Blocked(blockers);
      await orders.eraseMember(tx, memberId);
      await tx.delete(shippingAddresses).where(eq(shippingAddresses.memberId, memberId));
      await tx.delete(favorites).where(eq(favorites.memberId, memberId));
      await tx.delete(restockRequests).where(eq(restockRequests.memberId, memberId));
      const removed = await tx
        .delete(savedCards)
        .where(eq(savedCards.memberId, memberId))
        .returning({ cardSeq: savedCards.cardSeq });
      await tx.delete(sessions).where(eq(sessions.memberId, memberId));
      await tx.delete(accountLinks).where(eq(accountLinks.memberId, memberId));
      await tx.delete(memberNotices).where(eq(memberNotices.memberId, memberId));
      await tx
        .update(contactMessages)
        .set({ memberId: null, name: '', email: '' })
        .where(eq(contactMessages.memberId, memberId));
      // The link stays (an old account is taken over once), the person's details go.
      await tx
        .update(legacyAccounts)
        .set({ email: null, passwordHash: null, takeoverCodeHash: null, name: '' })
        .where(eq(legacyAccounts.linkedMemberId, memberId));
      await tx
        .update(members)
        .set({ email: null, passwordHash: null, name: '', birthDate: null, withdrawnAt: now })
        .where(eq(members.id, memberId));
      // To the address the member had: the row is erased, so the mail names its own recipient.
      await enqueueNotifications(
        tx,
        [
          {
            kind: 'withdrawal_completed',
            to: { address: email },
            payload: { at: now.toISOString() },
            dedupeKey: `withdrawal_completed:member:${memberId}`,
          },
        ],
        now,
      );
      return removed;
    });
  } catch (error) {
    if (error instanceof Blocked) {
      throw new ServiceError(
        'withdrawal_blocked',
        `未完了のご注文があるため退会できません。${error.blockers.map((b) => b.message).join(' ')}`,
        error.blockers.map((b) => ({ path: b.code, message: b.message })),
      );
    }
    throw error;
  }

  if (member.gatewayMemberId && deps.payments) {
    for (const card of cards) {
      const result = await deps.payments.deleteCard(member.gatewayMemberId, card.cardSeq);
      if (!result.ok && result.reason !== 'not_found') {
        deps.log(
          `withdrawal: card ${card.cardSeq} of gateway member ${member.gatewayMemberId} left at the gateway (${result.reason})`,
        );
      }
    }
  }
}
