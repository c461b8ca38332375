import type { Database } from '../db/client';
import type { Homedata } from '../schemas/content';
import { listGallery, listNews, listShowcases } from './content';
import { loadAddedList, loadBenefitList, loadSaleList } from './product-lists';
import { loadRanking } from './rankings';

type Db = Pick<Database, 'rows'>;

/**
 * Everything the top page shows, in one call: news, running showcases, today's releases, the
 * daily and reservation rankings, recent additions, benefit items and the latest signed books.
 */
export async function loadHomedata(db: Db, now: Date): Promise<Homedata> {
  const [news, showcases, releases, daily, reservation, added, benefits, gallery] =
    await Promise.all([
      listNews(db, 1, 5, now),
      listShowcases(db, now),
      loadSaleList(db, 'day', undefined, 1, now),
      loadRanking(db, 'daily', now, 10),
      loadRanking(db, 'reservation', now, 10),
      loadAddedList(db, 1, now),
      loadBenefitList(db, 1, now),
      listGallery(db, 1, 4, now),
    ]);
  return {
    news: news.items,
    showcases,
    releases_today: {
      date: releases.from,
      total: releases.total,
      items: releases.items.slice(0, 20),
    },
    rankings: { daily, reservation },
    new_arrivals: added.items.slice(0, 20),
    benefit_products: benefits.items.slice(0, 12),
    gallery: gallery.items,
  };
}
