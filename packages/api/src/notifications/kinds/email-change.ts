import { ACCOUNT_LINK_LIFETIME_MINUTES, routePath } from '@shop/rules';
import { isLinkStillUsable } from './account-link';
import type { Composer } from './composer';

/**
 * メールアドレス変更のご確認, to the NEW address: the link that makes it the member's address. A
 * link used, retired or expired meanwhile is not mailed (the mail is skipped).
 */
export const composeEmailChange: Composer<'email_change'> = async (
  { deps, url },
  { linkId, token },
) => {
  if (!(await isLinkStillUsable(deps, linkId, 'email_change'))) return null;
  const hours = ACCOUNT_LINK_LIFETIME_MINUTES.email_change / 60;
  return {
    subject: '【本の店】メールアドレス変更のご確認',
    blocks: [
      {
        type: 'paragraph',
        text: `本の店の会員アカウントのメールアドレスを、このアドレスに変更するお申し込みを受け付けました。下のリンクを${hours}時間以内に開くと変更が完了します。リンクは一度だけ使えます。`,
      },
      {
        type: 'link',
        label: 'メールアドレスの変更を完了する',
        href: url(`${routePath('emailChangeConfirm')}?token=${token}`),
      },
      {
        type: 'paragraph',
        text: 'お申し込みに心当たりがない場合は、このメールを破棄してください。メールアドレスは変更されません。',
      },
    ],
  };
};
