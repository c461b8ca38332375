import { formatReleaseDate, type ReleaseDatePrecision, routePath } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { Block } from '../layout';
import type { Composer } from './composer';

/**
 * お気に入り新刊のお知らせ: the products one JST day added by the member's favourite authors,
 * circles and series, read when sent (a product removed since is left out; none left, no mail).
 */
export const composeFavoriteNewReleases: Composer<'favorite_new_releases'> = async (
  { deps, recipient, url },
  { day, productIds },
) => {
  if (productIds.length === 0) return null;
  const products = await deps.db.rows<{
    title: string;
    slug: string;
    date: string | null;
    precision: ReleaseDatePrecision;
    by: string | null;
  }>(
    sql`select p.title, p.slug, p.sell_start_date::text as date, p.release_date_precision as precision,
               coalesce(a.name, c.name, s.title) as by
        from products p left join authors a on a.id = p.author_id
          left join authors c on c.id = p.circle_id left join series s on s.id = p.series_id
        where p.id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by p.sell_start_date nulls last, p.id`,
  );
  if (products.length === 0) return null;
  const [year, month, date] = day.split('-').map(Number);
  const blocks: Block[] = products.flatMap((p): Block[] => [
    {
      type: 'table',
      rows: [
        ['タイトル', p.title],
        ...(p.by ? [['作家・シリーズ', p.by] as const] : []),
        [
          '発売日',
          p.date === null ? '未定' : formatReleaseDate({ date: p.date, precision: p.precision }),
        ],
      ],
    },
    {
      type: 'link',
      label: `「${p.title}」の商品ページ`,
      href: url(routePath('product', { slug: p.slug })),
    },
  ]);
  return {
    subject: `【本の店】お気に入りの新刊が${products.length}点登録されました（${month}月${date}日）`,
    blocks: [
      { type: 'paragraph', text: `${recipient.name || 'お客'} 様` },
      {
        type: 'paragraph',
        text: `${year}年${month}月${date}日、お気に入りの作家・シリーズの新刊が登録されました。`,
      },
      ...blocks,
    ],
  };
};
