// Types only: drizzle-kit loads this file on its own and must not need the rules' build.
import type { Category, Genre, ReleaseDatePrecision, ReservationType } from '@shop/rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, timestamptz, updatedAt } from './columns';

// Catalog tables: everything a shopper can read without an account. Field names follow the
// spec's wire names (snake_case) so a row maps onto @shop/rules' productSchema without renaming.

/** Authors and circles (サークル) of doujinshi share one table: favourites point at either. */
export const authors = pgTable('authors', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameKana: text('name_kana').notNull(),
  kind: text('kind', { enum: ['author', 'circle'] }).notNull(),
  createdAt: createdAt(),
});

/** Series (intellectual properties, シリーズ in the favourites tabs). */
export const series = pgTable('series', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** The reading (ヨミ) of the title, katakana as publishers' feeds give it; searched by kana and romaji. */
  titleKana: text('title_kana'),
  createdAt: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** The reading (ヨミ) of the title, katakana as publishers' feeds give it; searched by kana and romaji. */
    titleKana: text('title_kana'),
    description: text('description').notNull().default(''),
    /** @shop/rules CATEGORIES values; the first is the product's main category. */
    categories: text('categories').array().$type<Category[]>().notNull(),
    genre: text('genre').$type<Genre>().notNull(),
    seriesId: integer('series_id').references(() => series.id),
    authorId: integer('author_id').references(() => authors.id),
    circleId: integer('circle_id').references(() => authors.id),
    publisher: text('publisher').notNull().default(''),
    isbn: text('isbn'),
    isAdult: boolean('is_adult').notNull().default(false),
    reservationType: text('reservation_type').$type<ReservationType>(),
    sellStartDate: date('sell_start_date', { mode: 'string' }),
    /**
     * How much of sell_start_date is known (@shop/rules ReleaseDatePrecision); for a part of
     * a month or a month, sell_start_date holds its first day.
     */
    releaseDatePrecision: text('release_date_precision')
      .$type<ReleaseDatePrecision>()
      .notNull()
      .default('day'),
    expectedRestockDate: date('expected_restock_date', { mode: 'string' }),
    disabledBefore: timestamp('disabled_before', { withTimezone: true, mode: 'string' }),
    hasBonus: boolean('has_bonus').notNull().default(false),
    bonusContent: text('bonus_content'),
    coverImage: text('cover_image').notNull(),
    /**
     * Units sold over all time, kept beside the row so 人気順 sorts without aggregating
     * order_items; whoever records or cancels an order updates it in the same transaction.
     */
    orderCount: integer('order_count').notNull().default(0),
    /** normalizeForSearch(title): exact-title matches rank first under relevance. */
    searchTitle: text('search_title').notNull(),
    /**
     * @shop/rules searchableText: the normalised title, series, author, circle, publisher, ISBN
     * and bonus, and the readings of title, series, author and circle, without spaces.
     */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_idx').on(t.slug),
    index('products_categories_idx').using('gin', t.categories),
    index('products_sell_start_date_idx').on(t.sellStartDate),
    index('products_created_at_idx').on(t.createdAt),
    index('products_updated_at_idx').on(t.updatedAt),
    index('products_order_count_idx').on(t.orderCount),
    index('products_isbn_idx').on(t.isbn),
    index('products_series_idx').on(t.seriesId),
    index('products_author_idx').on(t.authorId),
    index('products_circle_idx').on(t.circleId),
  ],
);

/**
 * What search reads of each product, kept narrow (about a third of a products row) so that a
 * query matching thousands of products reads few pages. Triggers on products keep it in step
 * (migration 0007): a statement trigger copies inserted products, a row trigger copies updates
 * of these columns (sales counters, release dates, titles), and deleting a product deletes its
 * row. Nothing writes this table directly.
 */
export const productSearch = pgTable(
  'product_search',
  {
    id: integer('id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    orderCount: integer('order_count').notNull(),
    sellStartDate: date('sell_start_date', { mode: 'string' }),
    categories: text('categories').array().$type<Category[]>().notNull(),
    /** The product's genre (migration 0022): the search's `genres` filter, the genre pages. */
    genre: text('genre').$type<Genre>().notNull(),
    isbn: text('isbn'),
    searchTitle: text('search_title').notNull(),
    searchText: text('search_text').notNull(),
    /**
     * The last day a benefit of the product counts for 特典あり: the latest expiry_date of its
     * distributed benefits with available_max_num > 0 ('infinity' when one has none), null when
     * it has none. A benefit is active on a day up to its expiry, so the product has an active
     * benefit exactly when this is on or after windows.ts firstActiveExpiryDay.
     */
    benefitUntil: date('benefit_until', { mode: 'string' }),
    /**
     * pg_trgm's trigrams of search_title as integers (trigram_codes, migration 0007):
     * relevance computes similarity() only for titles sharing a trigram with the query, and
     * bounds it by the number of trigrams.
     */
    titleTrigrams: integer('title_trigrams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`trigram_codes(search_title)`),
    /**
     * cardinality(title_trigrams), a column of its own so that the title index can hold it:
     * relevance bounds the similarity of the many titles starting with a series name by it.
     */
    titleTrigramCount: integer('title_trigram_count')
      .notNull()
      .generatedAlwaysAs(sql`cardinality(trigram_codes(search_title))`),
  },
  (t) => [
    // search_text_grams(text) (migration 0007): the distinct characters and two-character grams of
    // the words of search_text, the grams @shop/rules searchQueryTokens looks up. An
    // expression index, so the grams take no room in the table's rows.
    index('product_search_grams_idx').using('gin', sql`search_text_grams(${t.searchText})`),
    // Titles starting with a query (relevance tiers 0 and 1) by a LIKE prefix range, with their
    // trigram counts: how many there are of each count is read from the index alone.
    index('product_search_title_idx').on(t.searchTitle.op('text_pattern_ops'), t.titleTrigramCount),
    // Relevance of a query no title starts with: the titles containing every word of it (tier 2,
    // the same grams over the title) and those sharing a trigram with it (a similarity above 0)
    // are ranked; every other match ranks after them by popularity. The title's size (its
    // trigram count) is one more token (search_title_tokens, migration 0030): the titles
    // containing a word are read size by size from the smallest, the most similar first.
    index('product_search_title_tokens_idx').using(
      'gin',
      sql`search_title_tokens(${t.searchTitle}, ${t.titleTrigramCount})`,
    ),
    index('product_search_title_trigrams_idx').using('gin', t.titleTrigrams),
    index('product_search_created_at_idx').on(t.createdAt, t.id),
    index('product_search_order_count_idx').on(t.orderCount, t.id),
    // The release-date and benefit filters with the sort keys and id: a filter without a query
    // matching tens of thousands of products is sorted from an index-only scan, not read from
    // the table's pages (search.ts sortedPage; the seed vacuums so the pages are all-visible).
    index('product_search_sell_start_date_idx').on(
      t.sellStartDate,
      t.createdAt,
      t.orderCount,
      t.id,
    ),
    index('product_search_categories_idx').using('gin', t.categories),
    // A genre page (a genre filter without a query) is sorted from an index-only scan, as above.
    index('product_search_genre_idx').on(t.genre, t.createdAt, t.orderCount, t.sellStartDate, t.id),
    index('product_search_benefit_until_idx').on(
      t.benefitUntil,
      t.sellStartDate,
      t.createdAt,
      t.orderCount,
      t.id,
    ),
    // The same filters with a query: a bitmap of the filter's rows (a fifth of the catalog for
    // 特典あり or 予約) is ANDed with the query's grams. Built from these narrow indexes it reads
    // a fifth of the pages the ones above take (165 against 934 for 特典あり at 1,000,000). The
    // benefit one also holds the release date: 特典あり with 予約 is one bitmap of the rows
    // passing both, not two of a fifth of the catalog each.
    index('product_search_sell_start_date_only_idx').on(t.sellStartDate),
    index('product_search_benefit_until_only_idx').on(t.benefitUntil, t.sellStartDate),
    index('product_search_isbn_idx').on(t.isbn),
  ],
);

/** 通常版 / 限定版 / 特装版 of a product, each with its own price, points and stock. */
export const variations = pgTable(
  'variations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: ownedBy('product_id', () => products.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** Integer yen, tax included; null while the price is undecided. */
    unitPrice: integer('unit_price'),
    pointValue: integer('point_value').notNull().default(0),
    inStock: boolean('in_stock').notNull(),
    /** Units that can still be sold or reserved; checkout decrements it atomically. */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    canReserve: boolean('can_reserve').notNull().default(false),
    reservationType: text('reservation_type').$type<ReservationType>(),
    sellStartDate: date('sell_start_date', { mode: 'string' }),
    expectedRestockDate: date('expected_restock_date', { mode: 'string' }),
  },
  (t) => [index('variations_product_idx').on(t.productId, t.position)],
);

/** PostgreSQL bytea as a Node Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A cover the staff uploaded (admin/catalog-cover.ts), kept in the database so that every
 * instance behind the load balancer serves it. `name` is the image's name under /covers/:
 * the product's slug and a hash of the image, so a new upload is a new URL and the year-long
 * immutable caching of /covers/ and /_image stays true.
 */
export const productCovers = pgTable('product_covers', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  name: text('name').notNull().unique(),
  /** The upload re-encoded (WebP, at most COVER_SOURCE_MAX_WIDTH wide, EXIF orientation applied). */
  image: bytea('image').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedAt: timestamptz('uploaded_at').notNull(),
});

/** Purchase benefits (特典), limited in number and optionally in time. */
export const benefits = pgTable(
  'benefits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: ownedBy('product_id', () => products.id),
    title: text('title').notNull(),
    /** How many can be handed out; null or 0: none (the benefit is inactive). */
    availableMaxNum: integer('available_max_num'),
    /** Whether the benefit is being handed out at all (the spec's `distributed`). */
    distributed: boolean('distributed').notNull(),
    /** Benefits already claimed by orders; checkout never lets it pass available_max_num. */
    claimedCount: integer('claimed_count').notNull().default(0),
    /** A JST calendar day (valid through its end) or null for no expiry. */
    expiryDate: date('expiry_date', { mode: 'string' }),
  },
  (t) => [index('benefits_product_idx').on(t.productId)],
);

/** History of release postponements (発売延期). */
export const releasePostponements = pgTable(
  'release_postponements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: ownedBy('product_id', () => products.id),
    previousDate: date('previous_date', { mode: 'string' }).notNull(),
    previousPrecision: text('previous_precision')
      .$type<ReleaseDatePrecision>()
      .notNull()
      .default('day'),
    newDate: date('new_date', { mode: 'string' }),
    newPrecision: text('new_precision').$type<ReleaseDatePrecision>().notNull().default('day'),
    reason: text('reason').notNull().default(''),
    announcedAt: timestamptz('announced_at').notNull(),
  },
  (t) => [
    index('release_postponements_announced_idx').on(t.announcedAt),
    index('release_postponements_product_idx').on(t.productId),
  ],
);

/** News (お知らせ). Shown from `published_at` on; null is a draft the back office keeps. */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamptz('published_at'),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

/**
 * Curated product collections (特集) shown on the top page and at /showcase, from `starts_at`
 * (null: a draft) until `ends_at` (null: open-ended). Their image is the top page's banner: the
 * staff's banner order (`banner_position`, 1 first) leads the top page's showcases
 * (docs/backoffice.md, "Content").
 */
export const showcases = pgTable(
  'showcases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    bannerPosition: integer('banner_position'),
  },
  (t) => [
    index('showcases_starts_idx').on(t.startsAt),
    uniqueIndex('showcases_banner_position_idx')
      .on(t.bannerPosition)
      .where(sql`${t.bannerPosition} is not null`),
    check('showcases_banner_position_positive', sql`${t.bannerPosition} > 0`),
    check(
      'showcases_window',
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

export const showcaseProducts = pgTable(
  'showcase_products',
  {
    showcaseId: ownedBy('showcase_id', () => showcases.id),
    productId: ownedBy('product_id', () => products.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.showcaseId, t.productId] })],
);

/** Signed-book gallery (サイン本ギャラリー). */
export const galleryEntries = pgTable(
  'gallery_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    image: text('image').notNull(),
    authorId: integer('author_id').references(() => authors.id),
    productId: integer('product_id').references(() => products.id),
    /** Shown from then on; null is a draft. */
    publishedAt: timestamptz('published_at'),
  },
  (t) => [index('gallery_entries_published_idx').on(t.publishedAt)],
);

/**
 * A counter per area of what the API instances cache in memory (`content`: what the top page
 * shows of news, showcases and the gallery). A back office write bumps its area's revision in
 * its own transaction; a cache keyed by the revision misses on every instance at once after the
 * commit (services/content-revision.ts).
 */
export const cacheRevisions = pgTable('cache_revisions', {
  area: text('area').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

/**
 * Orders. This issue only needs what rankings count (historical orders of the demo catalog);
 * the commerce schema adds the member, shipping, payment and state columns it needs.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    status: text('status').notNull(),
    placedAt: timestamptz('placed_at').notNull(),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    // The back office's order list walks these newest first by (placed_at, id), one walk per
    // state asked for (admin/order-queries.ts; plans in docs/performance.md).
    index('orders_placed_id_idx').on(t.placedAt, t.id),
    index('orders_status_placed_idx').on(t.status, t.placedAt, t.id),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    variationId: integer('variation_id')
      .notNull()
      .references(() => variations.id),
    quantity: integer('quantity').notNull(),
    /** Integer yen as ordered; null for a 価格未定 item until the shop decides its price. */
    unitPrice: integer('unit_price'),
    pointValue: integer('point_value').notNull().default(0),
    /** Ordered before release (予約): what the reservation ranking counts. */
    isReservation: boolean('is_reservation').notNull().default(false),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/**
 * Units sold per product per JST calendar day, so a ranking window is a range scan over days
 * instead of an aggregation of every order item. Whoever records or cancels an order updates
 * the row of that day in the same transaction.
 */
export const productDailySales = pgTable(
  'product_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: ownedBy('product_id', () => products.id),
    quantity: integer('quantity').notNull().default(0),
    reservationQuantity: integer('reservation_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.productId] }),
    index('product_daily_sales_product_idx').on(t.productId),
  ],
);
