import { formatReleaseDate, routePath } from '@shop/rules';
import type { Composer } from './composer';

/**
 * 発売延期のお知らせ to one holder of a reservation, composed from the change itself (the
 * payload names the title and both dates), so a postponement to thousands of holders reads
 * nothing per mail.
 */
export const composeReleasePostponed: Composer<'release_postponed'> = async (
  { recipient, url },
  { orderId, title, previous, next },
) => ({
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
        ['ご注文番号', String(orderId)],
        ['変更前', previous === null ? '未定' : formatReleaseDate(previous)],
        ['変更後', formatReleaseDate(next)],
      ],
    },
    { type: 'link', label: '注文履歴を見る', href: url(routePath('orderHistory')) },
  ],
});
