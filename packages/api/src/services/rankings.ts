import { jstToday, RANKING_TYPES, type RankingType, rankingWindow } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Ranking } from '../schemas/catalog';
import { loadCards } from './product-view';

export const RANKING_SIZE = 50;

/**
 * A ranking over its JST window (@shop/rules `rankingWindow`), summed from the daily sales rollup: a
 * range scan over days, never an aggregation of every order. Ties rank by product id, so the
 * order is stable.
 */
export async function loadRanking(
  db: Pick<Database, 'rows'>,
  type: RankingType,
  now: Date,
  limit = RANKING_SIZE,
): Promise<Ranking> {
  const window = rankingWindow(type, now);
  const rows =
    window.measure === 'reservations'
      ? await db.rows<{ product_id: number; units: number }>(sql`
          select s.product_id, sum(s.reservation_quantity)::int as units
          from product_daily_sales s join products p on p.id = s.product_id
          where s.day between ${window.from}::date and ${window.to}::date
            and p.sell_start_date > ${jstToday(now)}::date
          group by s.product_id having sum(s.reservation_quantity) > 0
          order by units desc, s.product_id limit ${limit}`)
      : await db.rows<{ product_id: number; units: number }>(sql`
          select s.product_id, sum(s.quantity)::int as units
          from product_daily_sales s
          where s.day between ${window.from}::date and ${window.to}::date
          group by s.product_id having sum(s.quantity) > 0
          order by units desc, s.product_id limit ${limit}`);
  const cards = await loadCards(
    db,
    rows.map((r) => r.product_id),
    now,
  );
  const label = RANKING_TYPES.find((t) => t.value === type)?.label ?? '';
  return {
    type,
    label,
    from: window.from,
    to: window.to,
    items: rows.flatMap((row, index) => {
      const product = cards[index];
      return product ? [{ rank: index + 1, units: row.units, product }] : [];
    }),
  };
}
