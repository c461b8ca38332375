import { RECENT_WINDOW_MS, type SaleTerm, saleWindow } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { ProductPage } from '../schemas/catalog';
import { loadCardPage } from './product-view';
import { hasActiveBenefit } from './windows';

export const LIST_PAGE_SIZE = 40;

type Db = Pick<Database, 'rows'>;

/**
 * Release list (発売リスト) for the day, week or month around `day` (default: today in Japan), by
 * @shop/rules `saleWindow`.
 * The day list holds exact release days only; the week and month lists also hold items known
 * only to a part of the month or to the month, filed under the first day of that span.
 */
export async function loadSaleList(
  db: Db,
  term: SaleTerm,
  day: string | undefined,
  page: number,
  now: Date,
): Promise<ProductPage & { from: string; to: string }> {
  const window = saleWindow(term, day ?? now);
  const exactOnly = term === 'day' ? sql`and p.release_date_precision = 'day'` : sql``;
  const result = await loadCardPage(
    db,
    sql`select p.id, (count(*) over ())::int as total from products p
        where p.sell_start_date between ${window.from}::date and ${window.to}::date ${exactOnly}
        order by p.sell_start_date, p.order_count desc, p.id`,
    page,
    LIST_PAGE_SIZE,
    now,
  );
  return { ...result, ...window };
}

/** 商品情報追加リスト: products added to the catalog recently (isRecent's window), newest first. */
export async function loadAddedList(db: Db, page: number, now: Date): Promise<ProductPage> {
  const since = new Date(now.getTime() - RECENT_WINDOW_MS).toISOString();
  return loadCardPage(
    db,
    sql`select p.id, (count(*) over ())::int as total from products p
        where p.created_at >= ${since}::timestamptz and p.created_at <= ${now.toISOString()}::timestamptz
        order by p.created_at desc, p.id desc`,
    page,
    LIST_PAGE_SIZE,
    now,
  );
}

/** 発売延期リスト: products whose release was postponed, latest announcement first. */
export async function loadDelayList(db: Db, page: number, now: Date): Promise<ProductPage> {
  return loadCardPage(
    db,
    sql`select d.product_id as id, (count(*) over ())::int as total from (
          select r.product_id, max(r.announced_at) as announced_at
          from release_postponements r
          where r.announced_at <= ${now.toISOString()}::timestamptz
          group by r.product_id
        ) d
        order by d.announced_at desc, d.product_id desc`,
    page,
    LIST_PAGE_SIZE,
    now,
  );
}

/** 購入特典リスト: products with an active purchase benefit, next releases first. */
export async function loadBenefitList(db: Db, page: number, now: Date): Promise<ProductPage> {
  return loadCardPage(
    db,
    sql`select p.id, (count(*) over ())::int as total from products p
        where ${hasActiveBenefit(now)}
        order by p.sell_start_date desc nulls last, p.id desc`,
    page,
    LIST_PAGE_SIZE,
    now,
  );
}

/**
 * The words that make an edition limited: 限定版 and the 特装版 (a special edition with extras,
 * printed in limited numbers), as the shop's titles and variation names spell them.
 */
const LIMITED_EDITION_WORDS = ['限定版', '特装版'];

/**
 * 限定版リスト: products whose title names a limited edition, or that sell one as a variation
 * (通常版 + 限定版), next releases first.
 */
export async function loadLimitedList(db: Db, page: number, now: Date): Promise<ProductPage> {
  const patterns = LIMITED_EDITION_WORDS.map((word) => `%${word}%`);
  return loadCardPage(
    db,
    sql`select p.id, (count(*) over ())::int as total from products p
        where p.title like any(${sql.param(patterns)}::text[])
           or exists (select 1 from variations v
                      where v.product_id = p.id and v.name like any(${sql.param(patterns)}::text[]))
        order by p.sell_start_date desc nulls last, p.id desc`,
    page,
    LIST_PAGE_SIZE,
    now,
  );
}
