import { formatJstDate, routePath } from '@shop/rules';
import { memberPointExpiry } from '../../services/point-expiry';
import { pointBalance } from '../../services/points';
import type { Composer } from './composer';

/**
 * ポイント失効のお知らせ: the member's points expire after `date`. Read again when sent: if the
 * member has earned or used points since (a new date) or they are gone, the mail would be wrong
 * and is skipped; the amount told is the balance then.
 */
export const composePointsExpiring: Composer<'points_expiring'> = async (
  { deps, recipient, url },
  { date },
) => {
  if (recipient.memberId === null) return null;
  const balance = await pointBalance(deps.db.orm, recipient.memberId);
  const expiry = await memberPointExpiry(deps.db.orm, recipient.memberId, balance);
  if (expiry === null || expiry.date !== date) return null;
  const amount = `${expiry.amount.toLocaleString('ja-JP')}ポイント`;
  return {
    subject: `【本の店】ポイント失効のお知らせ（${formatJstDate(date)}まで）`,
    blocks: [
      { type: 'paragraph', text: `${recipient.name || 'お客'} 様` },
      {
        type: 'paragraph',
        text: `お持ちのポイント${amount}は、${formatJstDate(date)}を過ぎると失効します。ポイントは最後にポイントを獲得またはご利用になった日から1年間有効で、期限までにポイントを獲得またはご利用いただくと、その日から1年間に延長されます。`,
      },
      {
        type: 'table',
        rows: [
          ['失効するポイント', amount],
          ['有効期限', formatJstDate(date)],
        ],
      },
      { type: 'link', label: 'ポイント履歴を見る', href: url(routePath('mypage')) },
      { type: 'link', label: 'お買い物を続ける', href: url(routePath('top')) },
    ],
  };
};
