import { routePath } from '@shop/rules';
import { type Composer, formatJstDateTime, notMeParagraph } from './composer';

/**
 * メールアドレス変更のお知らせ, to the OLD address: the account's address was changed (the new
 * one is not named: this mailbox may no longer be the member's alone).
 */
export const composeEmailChanged: Composer<'email_changed'> = async ({ url }, { at }) => ({
  subject: '【本の店】メールアドレス変更のお知らせ',
  blocks: [
    { type: 'paragraph', text: 'お客様' },
    {
      type: 'paragraph',
      text: `${formatJstDateTime(at)}に、本の店の会員アカウントのメールアドレスが変更されました。今後のお知らせは新しいメールアドレスにお送りします。このアドレスへのメールはこれが最後です。`,
    },
    notMeParagraph(url(routePath('contact'))),
  ],
});
