import { ACCOUNT_LINK_LIFETIME_MINUTES, routePath } from '@shop/rules';
import { isLinkStillUsable } from './account-link';
import type { Composer } from './composer';

/**
 * パスワード再設定のご案内: the link to set a new password; skipped when the link no longer works
 * (isLinkStillUsable).
 */
export const composePasswordReset: Composer<'password_reset'> = async (
  { deps, recipient, url },
  { linkId, token },
) => {
  if (!(await isLinkStillUsable(deps, linkId, 'password_reset'))) return null;
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
