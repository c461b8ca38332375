import { routePath } from '@shop/rules';
import { type Composer, formatJstDateTime } from './composer';

/**
 * 退会手続き完了のお知らせ, to the address the member had: composed from the payload alone, since
 * the member's row holds nothing personal any more.
 */
export const composeWithdrawalCompleted: Composer<'withdrawal_completed'> = async (
  { url },
  { at },
) => ({
  subject: '【本の店】退会手続き完了のお知らせ',
  blocks: [
    { type: 'paragraph', text: 'お客様' },
    {
      type: 'paragraph',
      text: `${formatJstDateTime(at)}に、本の店の退会手続きが完了しました。これまでのご利用ありがとうございました。お名前・ご住所・お支払い情報などの個人情報は削除しました（会計上必要なご注文の記録は、個人を特定できない形で保管します）。このアドレスへのメールはこれが最後です。`,
    },
    {
      type: 'paragraph',
      text: `またのご利用をお待ちしております。お心当たりがない場合は ${url(routePath('contact'))} からご連絡ください。`,
    },
  ],
});
