import { formatReleaseDate, routePath } from '@shop/rules';
import { postponementCancelToken } from '../../services/postponement-cancel';
import { signingKey } from '../unsubscribe';
import type { Composer } from './composer';

/**
 * 発売延期のお知らせ to one member holding reservations of the product, composed from the change
 * itself (the payload names the title, both dates and the orders), so a postponement to
 * thousands of holders reads nothing per mail but the shop's signing key (kept in memory). Each
 * order gets its one-step free cancellation link (services/postponement-cancel.ts).
 */
export const composeReleasePostponed: Composer<'release_postponed'> = async (
  { deps, recipient, url },
  { orderIds, title, previous, next },
) => {
  if (recipient.memberId === null || orderIds.length === 0) return null;
  const key = await signingKey(deps.db);
  const memberId = recipient.memberId;
  return {
    subject: `【本の店】発売延期のお知らせ（${title}）`,
    blocks: [
      { type: 'paragraph', text: `${recipient.name || 'お客'} 様` },
      {
        type: 'paragraph',
        text: `ご予約いただいている「${title}」の発売日が変更になりました。ご迷惑をおかけし申し訳ございません。`,
      },
      {
        type: 'table',
        rows: [
          ['ご注文番号', orderIds.join('・')],
          ['変更前', previous === null ? '未定' : formatReleaseDate(previous)],
          ['変更後', formatReleaseDate(next)],
        ],
      },
      {
        type: 'paragraph',
        text:
          'ご予約は変更後の発売日にあわせてお届けします。発売日の変更に伴いご予約を取り消される場合は、' +
          '下記のリンクからキャンセル料なしでキャンセルいただけます（おまとめ配送にまとめたご注文はお問い合わせください）。',
      },
      ...orderIds.map((orderId) => ({
        type: 'link' as const,
        label: `ご注文番号 ${orderId} を無料でキャンセルする`,
        href: url(
          `${routePath('reservationCancel')}?token=${postponementCancelToken(key, memberId, orderId)}`,
        ),
      })),
      { type: 'link', label: '注文履歴を見る', href: url(routePath('orderHistory')) },
    ],
  };
};
