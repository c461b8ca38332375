import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  type CatalogOptions,
  generateAuthors,
  generateGallery,
  generateNews,
  generateProductBatch,
  generateSeries,
  generateShowcases,
  namesOf,
  newCounters,
} from './generate';

type Queryable = Pick<Database, 'rows'>;

export interface SeedOptions extends CatalogOptions {
  /** Products generated and inserted per round trip. */
  batchSize?: number;
  /** Called after each batch with the number of products inserted so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  products: number;
  variations: number;
  orders: number;
}

// One statement per table and batch: the rows travel as a single JSON parameter and
// json_populate_recordset turns them into the table's row type, which is several times faster
// than multi-row VALUES on both PGlite and PostgreSQL and never hits the parameter limit.
async function insertRows(db: Queryable, table: string, rows: readonly object[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = sql.join(
    Object.keys(first).map((c) => sql.identifier(c)),
    sql`, `,
  );
  await db.rows(
    sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
  );
}

const TABLES_WITH_IDENTITY = [
  'authors',
  'series',
  'products',
  'variations',
  'benefits',
  'release_postponements',
  'news',
  'showcases',
  'gallery_entries',
  'orders',
  'order_items',
];

/** Whether the catalog has no products yet (a first start). */
export async function isCatalogEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.rows<{ empty: boolean }>(
    sql`select not exists (select 1 from products) as empty`,
  );
  return row?.empty ?? true;
}

/**
 * Fills an empty database with the deterministic demo catalog, in one transaction so an
 * interrupted seed leaves the database empty (and the next start seeds again).
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const batchSize = options.batchSize ?? 1000;
  const authors = generateAuthors(options);
  const series = generateSeries(options);
  const names = namesOf(authors, series);
  const counters = newCounters();
  await db.transaction(async (tx) => {
    for (let i = 0; i < authors.length; i += 5000) {
      await insertRows(tx, 'authors', authors.slice(i, i + 5000));
    }
    for (let i = 0; i < series.length; i += 5000) {
      await insertRows(tx, 'series', series.slice(i, i + 5000));
    }
    for (let from = 1; from <= options.products; from += batchSize) {
      const to = Math.min(options.products, from + batchSize - 1);
      const batch = generateProductBatch(options, names, counters, from, to);
      await insertRows(tx, 'products', batch.products);
      await insertRows(tx, 'variations', batch.variations);
      await insertRows(tx, 'benefits', batch.benefits);
      await insertRows(tx, 'release_postponements', batch.postponements);
      await insertRows(tx, 'orders', batch.orders);
      await insertRows(tx, 'order_items', batch.orderItems);
      await insertRows(tx, 'product_daily_sales', batch.dailySales);
      options.onProgress?.(to, options.products);
    }
    await insertRows(tx, 'news', generateNews(options));
    const showcases = generateShowcases(options);
    await insertRows(tx, 'showcases', showcases.showcases);
    await insertRows(tx, 'showcase_products', showcases.items);
    await insertRows(tx, 'gallery_entries', generateGallery(options));
    for (const table of TABLES_WITH_IDENTITY) {
      await tx.rows(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
  });
  // The benefits' trigger rewrote the search row of every product with a benefit (its
  // benefit_until) right after the products' trigger inserted it, leaving a dead copy of a
  // third of the rows that every search would step over: rewrite the table compactly, in title
  // order, so the titles starting with a query (relevance's first tiers, often thousands for a
  // series name) lie on few pages. That also rebuilds its indexes, so the gram index has no
  // pending list (GIN's fast update) left.
  await db.rows(sql`cluster product_search using product_search_title_idx`);
  // Vacuum marks the rewritten pages all-visible, so the filters' covering indexes are read
  // without the table (index-only scans) from the first search on, not after autovacuum.
  await db.rows(sql`vacuum product_search`);
  // Fresh statistics, so the planner picks the GIN and range indexes from the first query on.
  await db.rows(sql`analyze`);
  return { products: options.products, variations: counters.variation, orders: counters.order };
}
