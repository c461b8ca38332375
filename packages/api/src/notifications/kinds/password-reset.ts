import { ACCOUNT_LINK_LIFETIME_MINUTES, isAccountLinkUsable, routePath } from '@shop/rules';
import { eq } from 'drizzle-orm';
import { accountLinks } from '../../db/schema/accounts';
import type { Composer } from './composer';

/**
 * パスワード再設定のご案内: the link to set a new password. A link already used, retired by a
 * newer request or expired has nothing to say any more: the mail is skipped, so a late send
 * never carries a dead link.
 */
export const composePasswordReset: Composer<'password_reset'> = async (
  { deps, recipient, url },
  { linkId, token },
) => {
  const [link] = await deps.db.orm.select().from(accountLinks).where(eq(accountLinks.id, linkId));
  if (
    link === undefined ||
    !isAccountLinkUsable(
      { purpose: 'password_reset', issuedAt: link.createdAt, usedAt: link.usedAt },
      deps.now(),
    )
  ) {
    return null;
  }
  const minutes = ACCOUNT_LINK_LIFETIME_MINUTES.password_reset;
  return {
    subject: '【本の店】パスワード再設定のご案内',
    blocks: [
      { type: 'paragraph', text: `${recipient.name || 'お客'} 様` },
      {
        type: 'paragraph',
        text: `パスワード再設定のお申し込みを受け付けました。下のリンクから${minutes}分以内に新しいパスワードを設定してください。リンクは一度だけ使えます。`,
      },
      {
        type: 'link',
        label: '新しいパスワードを設定する',
        href: url(`${routePath('passwordResetConfirm')}?token=${token}`),
      },
      {
        type: 'paragraph',
        text: 'お申し込みに心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
      },
    ],
  };
};
