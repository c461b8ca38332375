import {
  activeBenefits,
  formatReleaseDate,
  isDisabled,
  isPriceUndecided,
  productReservationLabel,
  type ReleaseDatePrecision,
  stockLabel,
} from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { ProductCard, ProductDetail } from '../schemas/catalog';

// Turns catalog rows into what the API sends. Every label and flag comes from @shop/rules,
// evaluated against the request's `now`; nothing here decides a label itself.

export interface VariationData {
  id: number;
  name: string;
  unit_price: number | null;
  point_value: number;
  in_stock: boolean;
  can_reserve: boolean;
  reservation_type: string | null;
  sell_start_date: string | null;
  expected_restock_date: string | null;
}

export interface BenefitData {
  title: string;
  available_max_num: number | null;
  distributed: boolean;
  expiry_date: string | null;
}

export interface CardData {
  id: number;
  slug: string;
  title: string;
  cover_image: string;
  categories: string[];
  genre: string;
  is_adult: boolean;
  reservation_type: string | null;
  sell_start_date: string | null;
  release_date_precision: ReleaseDatePrecision;
  expected_restock_date: string | null;
  disabled_before: string | null;
  has_bonus: boolean;
  variations: VariationData[];
  benefits: BenefitData[];
}

export interface DetailData extends CardData {
  description: string;
  publisher: string;
  isbn: string | null;
  bonus_content: string | null;
  order_count: number;
  series: { slug: string; title: string } | null;
  author: { slug: string; name: string; kind: 'author' | 'circle' } | null;
  circle: { slug: string; name: string; kind: 'author' | 'circle' } | null;
  postponements: {
    previous_date: string;
    previous_precision: ReleaseDatePrecision;
    new_date: string | null;
    new_precision: ReleaseDatePrecision;
    reason: string;
    announced_at: string;
  }[];
}

const CARD_COLUMNS = sql`
  p.id, p.slug, p.title, p.cover_image, p.categories, p.genre, p.is_adult, p.reservation_type,
  p.sell_start_date, p.release_date_precision, p.expected_restock_date, p.disabled_before,
  p.has_bonus,
  coalesce((
    select json_agg(json_build_object(
      'id', v.id, 'name', v.name, 'unit_price', v.unit_price, 'point_value', v.point_value,
      'in_stock', v.in_stock, 'can_reserve', v.can_reserve, 'reservation_type', v.reservation_type,
      'sell_start_date', v.sell_start_date, 'expected_restock_date', v.expected_restock_date
    ) order by v.position, v.id)
    from variations v where v.product_id = p.id
  ), '[]'::json) as variations,
  coalesce((
    select json_agg(json_build_object(
      'title', b.title, 'available_max_num', b.available_max_num, 'distributed', b.distributed,
      'expiry_date', b.expiry_date
    ) order by b.id)
    from benefits b where b.product_id = p.id
  ), '[]'::json) as benefits`;

/** Product cards for the given ids, in the order of `ids` (missing ids are skipped). */
export async function loadCards(
  db: Pick<Database, 'rows'>,
  ids: readonly number[],
  now: Date,
): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.rows<CardData>(
    sql`select ${CARD_COLUMNS} from products p where p.id = any(${sql.param(ids)}::int[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row, now)] : [];
  });
}

/** The stored data of one product page by slug, or null; `toDetail` labels it. */
export async function fetchProductDetail(
  db: Pick<Database, 'rows'>,
  slug: string,
): Promise<DetailData | null> {
  const [row] = await db.rows<DetailData>(sql`
    select ${CARD_COLUMNS}, p.description, p.publisher, p.isbn, p.bonus_content, p.order_count,
      (select json_build_object('slug', s.slug, 'title', s.title) from series s where s.id = p.series_id) as series,
      (select json_build_object('slug', a.slug, 'name', a.name, 'kind', a.kind) from authors a where a.id = p.author_id) as author,
      (select json_build_object('slug', a.slug, 'name', a.name, 'kind', a.kind) from authors a where a.id = p.circle_id) as circle,
      coalesce((
        select json_agg(json_build_object(
          'previous_date', r.previous_date, 'previous_precision', r.previous_precision,
          'new_date', r.new_date, 'new_precision', r.new_precision, 'reason', r.reason,
          'announced_at', r.announced_at
        ) order by r.announced_at)
        from release_postponements r where r.product_id = p.id
      ), '[]'::json) as postponements
    from products p where p.slug = ${slug}`);
  return row ?? null;
}

/** PostgreSQL's timestamptz text (either driver, or inside JSON) as ISO 8601 in UTC. */
export function isoInstant(value: string): string {
  return new Date(value).toISOString();
}

function wireVariation(v: VariationData) {
  return {
    in_stock: v.in_stock,
    unit_price: v.unit_price === null ? null : String(v.unit_price),
    point_value: v.point_value,
    can_reserve: v.can_reserve,
    reservation_type: v.reservation_type,
  };
}

function releaseOf(row: CardData) {
  if (!row.sell_start_date) return { release_date: null, release_date_label: '' };
  const release = { date: row.sell_start_date, precision: row.release_date_precision };
  return { release_date: release, release_date_label: formatReleaseDate(release) };
}

export function toCard(row: CardData, now: Date): ProductCard {
  const variations = row.variations.map((v) => ({ ...v, ...wireVariation(v) }));
  const labelled = variations.find((v) => v.in_stock) ?? variations[0];
  const prices = row.variations.flatMap((v) => (v.unit_price === null ? [] : [v.unit_price]));
  return {
    slug: row.slug,
    title: row.title,
    cover_image: row.cover_image,
    categories: row.categories,
    genre: row.genre,
    is_adult: row.is_adult,
    ...releaseOf(row),
    min_price: prices.length ? Math.min(...prices) : null,
    price_undecided: variations.length > 0 && variations.every((v) => isPriceUndecided(v)),
    reservation_label: productReservationLabel({
      reservation_type: row.reservation_type,
      variations,
    }),
    // A product with no variation has nothing in stock.
    stock_label: stockLabel(labelled ?? { in_stock: false }, now),
    has_active_benefit: activeBenefits(row, now).length > 0,
    has_bonus: row.has_bonus,
    disabled: isDisabled({ disabled_before: wireInstant(row.disabled_before) }, now),
  };
}

function wireInstant(value: string | null): string | null {
  return value === null ? null : isoInstant(value);
}

export function toDetail(row: DetailData, now: Date): ProductDetail {
  const card = toCard(row, now);
  const variations = row.variations.map((v) => {
    const wire = wireVariation(v);
    return {
      id: v.id,
      name: v.name,
      ...wire,
      sell_start_date: v.sell_start_date,
      expected_restock_date: v.expected_restock_date,
      stock_label: stockLabel(v, now),
      price_undecided: isPriceUndecided(wire),
    };
  });
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    cover_image: row.cover_image,
    categories: row.categories,
    genre: row.genre,
    publisher: row.publisher,
    isbn: row.isbn,
    is_adult: row.is_adult,
    variations,
    reservation_type: row.reservation_type,
    sell_start_date: row.sell_start_date,
    expected_restock_date: row.expected_restock_date,
    disabled_before: wireInstant(row.disabled_before),
    has_bonus: row.has_bonus,
    bonus_content: row.bonus_content,
    benefits: row.benefits,
    release_date: card.release_date,
    release_date_label: card.release_date_label,
    reservation_label: card.reservation_label,
    active_benefits: activeBenefits(row, now),
    price_undecided: card.price_undecided,
    disabled: card.disabled,
    order_count: row.order_count,
    series: row.series,
    author: row.author,
    circle: row.circle,
    postponements: row.postponements.map((r) => ({
      previous: { date: r.previous_date, precision: r.previous_precision },
      next: r.new_date ? { date: r.new_date, precision: r.new_precision } : null,
      reason: r.reason,
      announced_at: isoInstant(r.announced_at),
    })),
  };
}

/** A page of product cards: `idsQuery` selects `id` and `total` (count(*) over ()) in order. */
export async function loadCardPage(
  db: Pick<Database, 'rows'>,
  idsQuery: SQL,
  page: number,
  perPage: number,
  now: Date,
) {
  const rows = await db.rows<{ id: number; total: number }>(
    sql`${idsQuery} limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  const total = rows[0]?.total ?? (page > 1 ? await countOnly(db, idsQuery) : 0);
  return {
    total,
    page,
    per_page: perPage,
    items: await loadCards(
      db,
      rows.map((r) => r.id),
      now,
    ),
  };
}

// A page past the end has no row to carry the total: count the matches on their own.
async function countOnly(db: Pick<Database, 'rows'>, idsQuery: SQL): Promise<number> {
  const [row] = await db.rows<{ total: number }>(
    sql`select count(*)::int as total from (${idsQuery}) as matches`,
  );
  return row?.total ?? 0;
}
