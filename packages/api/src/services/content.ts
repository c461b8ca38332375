import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type {
  AuthorDetail,
  GalleryDetail,
  GallerySummary,
  NewsDetail,
  NewsSummary,
  SeriesDetail,
  ShowcaseDetail,
  ShowcaseSummary,
} from '../schemas/content';
import { isoInstant, loadCardPage, loadCards } from './product-view';

// News, showcases (特集), the signed-book gallery and the series and author pages favourites
// link to. Anything scheduled for later than `now` does not exist yet for shoppers, nor does a
// draft the back office keeps (a null publication date: `<= now` is never true of it).

type Db = Pick<Database, 'rows'>;

export const CONTENT_PAGE_SIZE = 20;
export const SHELF_PAGE_SIZE = 40;

interface NewsRow {
  slug: string;
  title: string;
  category: string;
  body: string;
  published_at: string;
}

function newsSummary(row: NewsRow): NewsSummary {
  return {
    slug: row.slug,
    title: row.title,
    category: row.category,
    published_at: isoInstant(row.published_at),
  };
}

export async function listNews(db: Db, page: number, perPage: number, now: Date) {
  const rows = await db.rows<NewsRow & { total: number }>(sql`
    select slug, title, category, body, published_at, (count(*) over ())::int as total
    from news where published_at <= ${now.toISOString()}::timestamptz
    order by published_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`);
  return { total: rows[0]?.total ?? 0, page, per_page: perPage, items: rows.map(newsSummary) };
}

export async function getNews(db: Db, slug: string, now: Date): Promise<NewsDetail | null> {
  const [row] = await db.rows<NewsRow>(sql`
    select slug, title, category, body, published_at from news
    where slug = ${slug} and published_at <= ${now.toISOString()}::timestamptz`);
  return row ? { ...newsSummary(row), body: row.body } : null;
}

interface ShowcaseRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  image: string;
  starts_at: string;
  ends_at: string | null;
}

function showcaseSummary(row: ShowcaseRow): ShowcaseSummary {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    starts_at: isoInstant(row.starts_at),
    ends_at: row.ends_at === null ? null : isoInstant(row.ends_at),
  };
}

/**
 * Showcases running now: those the staff placed on the top page's banners first, in their banner
 * order, then the others newest first (the top page shows the first three as its banners).
 */
export async function listShowcases(db: Db, now: Date): Promise<ShowcaseSummary[]> {
  const at = now.toISOString();
  const rows = await db.rows<ShowcaseRow>(sql`
    select id, slug, title, description, image, starts_at, ends_at from showcases
    where starts_at <= ${at}::timestamptz and (ends_at is null or ends_at > ${at}::timestamptz)
    order by banner_position nulls last, starts_at desc, id desc`);
  return rows.map(showcaseSummary);
}

/** A showcase that has started (an ended one stays readable by its address). */
export async function getShowcase(db: Db, slug: string, now: Date): Promise<ShowcaseDetail | null> {
  const [row] = await db.rows<ShowcaseRow>(sql`
    select id, slug, title, description, image, starts_at, ends_at from showcases
    where slug = ${slug} and starts_at <= ${now.toISOString()}::timestamptz`);
  if (!row) return null;
  const items = await db.rows<{ product_id: number }>(sql`
    select product_id from showcase_products where showcase_id = ${row.id} order by position`);
  return {
    ...showcaseSummary(row),
    products: await loadCards(
      db,
      items.map((i) => i.product_id),
      now,
    ),
  };
}

interface GalleryRow {
  slug: string;
  title: string;
  body: string;
  image: string;
  published_at: string;
  product_id: number | null;
  author: { slug: string; name: string; kind: 'author' | 'circle' } | null;
}

const GALLERY_COLUMNS = sql`g.slug, g.title, g.body, g.image, g.published_at, g.product_id,
  (select json_build_object('slug', a.slug, 'name', a.name, 'kind', a.kind)
   from authors a where a.id = g.author_id) as author`;

function gallerySummary(row: GalleryRow): GallerySummary {
  return {
    slug: row.slug,
    title: row.title,
    image: row.image,
    published_at: isoInstant(row.published_at),
    author: row.author,
  };
}

export async function listGallery(db: Db, page: number, perPage: number, now: Date) {
  const rows = await db.rows<GalleryRow & { total: number }>(sql`
    select ${GALLERY_COLUMNS}, (count(*) over ())::int as total from gallery_entries g
    where g.published_at <= ${now.toISOString()}::timestamptz
    order by g.published_at desc, g.id desc limit ${perPage} offset ${(page - 1) * perPage}`);
  return { total: rows[0]?.total ?? 0, page, per_page: perPage, items: rows.map(gallerySummary) };
}

export async function getGalleryEntry(
  db: Db,
  slug: string,
  now: Date,
): Promise<GalleryDetail | null> {
  const [row] = await db.rows<GalleryRow>(sql`
    select ${GALLERY_COLUMNS} from gallery_entries g
    where g.slug = ${slug} and g.published_at <= ${now.toISOString()}::timestamptz`);
  if (!row) return null;
  const [product] = row.product_id === null ? [] : await loadCards(db, [row.product_id], now);
  return { ...gallerySummary(row), body: row.body, product: product ?? null };
}

/** A series page: the series and its products, newest release first. */
export async function getSeries(
  db: Db,
  slug: string,
  page: number,
  now: Date,
): Promise<SeriesDetail | null> {
  const [row] = await db.rows<{ id: number; slug: string; title: string }>(
    sql`select id, slug, title from series where slug = ${slug}`,
  );
  if (!row) return null;
  const products = await loadCardPage(
    db,
    sql`select p.id, (count(*) over ())::int as total from products p where p.series_id = ${row.id}
        order by p.sell_start_date desc nulls last, p.id desc`,
    page,
    SHELF_PAGE_SIZE,
    now,
  );
  return { slug: row.slug, title: row.title, products };
}

/** An author's or circle's page with their products, newest release first. */
export async function getAuthor(
  db: Db,
  slug: string,
  page: number,
  now: Date,
): Promise<AuthorDetail | null> {
  const [row] = await db.rows<{
    id: number;
    slug: string;
    name: string;
    name_kana: string;
    kind: 'author' | 'circle';
  }>(sql`select id, slug, name, name_kana, kind from authors where slug = ${slug}`);
  if (!row) return null;
  const column = row.kind === 'circle' ? sql`p.circle_id` : sql`p.author_id`;
  const products = await loadCardPage(
    db,
    sql`select p.id, (count(*) over ())::int as total from products p where ${column} = ${row.id}
        order by p.sell_start_date desc nulls last, p.id desc`,
    page,
    SHELF_PAGE_SIZE,
    now,
  );
  return { slug: row.slug, name: row.name, name_kana: row.name_kana, kind: row.kind, products };
}
