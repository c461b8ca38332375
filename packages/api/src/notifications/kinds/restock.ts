import { formatYenTaxIncluded, routePath } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { Composer } from './composer';

/**
 * 再入荷のお知らせ: a variation the member asked about is back. Read when sent, so the mail
 * names the product as the shop shows it then; a product gone since is not mailed, and one sold
 * out again by then says it may be gone already.
 */
export const composeRestock: Composer<'restock'> = async (
  { deps, recipient, url },
  { variationId },
) => {
  const [variation] = await deps.db.rows<{
    title: string;
    slug: string;
    name: string;
    price: number | null;
    stock: number;
  }>(
    sql`select p.title, p.slug, v.name, v.unit_price as price, v.stock_quantity as stock
        from variations v join products p on p.id = v.product_id where v.id = ${variationId}`,
  );
  if (variation === undefined) return null;
  return {
    subject: `【本の店】再入荷のお知らせ（${variation.title}）`,
    blocks: [
      { type: 'paragraph', text: `${recipient.name || 'お客'} 様` },
      {
        type: 'paragraph',
        text:
          `お知らせをご希望いただいた「${variation.title}」（${variation.name}）が再入荷しました。` +
          (variation.stock > 0
            ? '数に限りがございますので、お早めにお求めください。'
            : 'ただいま再び品切れとなっております。申し訳ございません。'),
      },
      ...(variation.price === null
        ? []
        : [
            {
              type: 'table' as const,
              rows: [['価格', formatYenTaxIncluded(variation.price)] as const],
            },
          ]),
      {
        type: 'link',
        label: '商品ページを見る',
        href: url(routePath('product', { slug: variation.slug })),
      },
      {
        type: 'paragraph',
        text: 'このお知らせは一度だけお送りします。次の再入荷もお知らせをご希望の場合は、商品ページから改めてお申し込みください。',
      },
    ],
  };
};
