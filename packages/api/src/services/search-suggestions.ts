import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { SearchSuggestions } from '../schemas/catalog';

/** Close titles and popular searches offered at most. */
export const SUGGESTION_COUNT = 5;
export const POPULAR_SEARCH_COUNT = 8;

/**
 * pg_trgm's default similarity threshold (pg_trgm.similarity_threshold): a title below it is not
 * what the shopper meant.
 */
const MIN_SIMILARITY = 0.3;

/**
 * Titles sharing a trigram with the query that are ranked for a suggestion, at most: a bound
 * that keeps a query of common kana (thousands of titles share の) cheap. Decision: past it the
 * suggestions are the closest among the titles read, not among all of them.
 */
const CANDIDATES = 5000;

/**
 * Titles close to a query that found nothing (did you mean): pg_trgm similarity of the
 * normalised title and key, computed as relevance does from the stored title trigrams
 * (shared / (title's + key's - shared)), at least MIN_SIMILARITY, closest first, then the most
 * popular, one product per title. Candidates come through the title trigram index
 * (product_search_title_trigrams_idx).
 */
async function closeTitles(
  db: Pick<Database, 'rows'>,
  key: string,
): Promise<SearchSuggestions['titles']> {
  const [codes] = await db.rows<{ trigrams: number[] }>(
    sql`select trigram_codes(${key}) as trigrams`,
  );
  const trigrams = (codes?.trigrams ?? []).map(Number);
  if (trigrams.length === 0 || !trigrams.every(Number.isInteger)) return [];
  const k = sql.raw(String(trigrams.length));
  const shared = sql.join(
    trigrams.map((t) => sql`(${sql.raw(String(t))} = any(c.title_trigrams))::int`),
    sql` + `,
  );
  const rows = await db.rows<{ title: string; slug: string }>(sql`
    with candidates as materialized (
      select p.id, p.order_count, p.title_trigrams from product_search p
      where p.title_trigrams && ${sql.param(trigrams)}::int[]
      limit ${CANDIDATES}
    ),
    scored as (
      select c.id, c.order_count, (${shared})::real
        / (cardinality(c.title_trigrams) + ${k} - (${shared}))::real as similarity
      from candidates c
    )
    select pr.title, pr.slug from scored s join products pr on pr.id = s.id
    where s.similarity >= ${MIN_SIMILARITY}
    order by s.similarity desc, s.order_count desc, s.id desc
    limit ${SUGGESTION_COUNT * 4}`);
  const byTitle = new Map<string, { title: string; slug: string }>();
  for (const row of rows) if (!byTitle.has(row.title)) byTitle.set(row.title, row);
  return [...byTitle.values()].slice(0, SUGGESTION_COUNT);
}

/** Best sellers read for the popular searches: enough to hold POPULAR_SEARCH_COUNT series. */
const POPULAR_PRODUCTS = 400;

/**
 * Popular searches: the series of the best-selling products (order_count, read from the
 * popularity index: a few milliseconds at any catalog size), most sold first. Decisions: taken
 * from what shoppers buy, not from what they type: a list of typed queries shown to every
 * shopper could be filled with anything by a few requests, and counting every search would add a
 * write to each one. All-time sales rather than the month's: summing a month of the sales rollup
 * took 380 ms at 100,000 products (bench:search on a loaded machine), too much for a search.
 */
export async function popularSearches(db: Pick<Database, 'rows'>): Promise<string[]> {
  const rows = await db.rows<{ title: string }>(sql`
    select s.title from (
      select p.id, p.order_count from product_search p
      order by p.order_count desc, p.id desc limit ${POPULAR_PRODUCTS}
    ) as top
    join products pr on pr.id = top.id
    join series s on s.id = pr.series_id
    group by s.id, s.title
    order by max(top.order_count) desc, s.id
    limit ${POPULAR_SEARCH_COUNT}`);
  return rows.map((r) => r.title);
}

/**
 * What a search that found nothing offers: close titles (for a keyword search) and popular
 * searches, from `popular` (the route caches `popularSearches` like a ranking).
 */
export async function searchSuggestions(
  db: Pick<Database, 'rows'>,
  key: string | undefined,
  popular: () => Promise<string[]>,
): Promise<SearchSuggestions> {
  return { titles: key ? await closeTitles(db, key) : [], popular: await popular() };
}
