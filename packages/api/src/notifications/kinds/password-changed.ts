import { routePath } from '@shop/rules';
import { type Composer, formatJstDateTime, notMeParagraph } from './composer';

/** パスワード変更のお知らせ: the password was set anew with a reset link, and every login ended. */
export const composePasswordChanged: Composer<'password_changed'> = async (
  { recipient, url },
  { at },
) => ({
  subject: '【本の店】パスワード変更のお知らせ',
  blocks: [
    { type: 'paragraph', text: `${recipient.name || 'お客'} 様` },
    {
      type: 'paragraph',
      text: `${formatJstDateTime(at)}に、パスワード再設定のリンクから会員アカウントのパスワードが変更されました。安全のため、すべての端末でログアウトしています。新しいパスワードでログインしてください。`,
    },
    notMeParagraph(url(routePath('contact'))),
  ],
});
