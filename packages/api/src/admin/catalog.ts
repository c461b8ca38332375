import { jstToday, normalizeForSearch, releaseSpanStart, searchableText } from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { isoInstantSql } from '../lib/sql-instant';
import { coverImagePath, productSlug } from '../seed/generate';
import { pendingOrdersOf } from '../services/price-decision';
import { applyStock } from '../services/restock';
import { searchConditions } from '../services/search';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from '../staff/access';
import { changedFields, recordAudit } from '../staff/audit';
import type {
  AdminProduct,
  AdminProductRow,
  BenefitFields,
  CreateProductBody,
  ProductFields,
  UpdateProductBody,
  UpdateVariationBody,
  VariationFields,
} from './catalog-schemas';

// The back office's catalog (docs/backoffice.md, "Catalog"): staff create and edit products,
// their variations, stock and benefits. Every write is one transaction with one audit entry
// holding the changed fields before and after. The search index (product_search) follows the
// products table by its triggers (migration 0007); what this module keeps in step itself is what
// the triggers cannot know: the search texts (@shop/rules searchableText over the title, series,
// author, circle, publisher, code, bonus and their readings) and the columns a product's
// variations repeat (reservation type, sale start, expected restock). The storefront's caches
// (CACHE_TTL_MS in memory, max-age=60 for public catalog answers) let an edit show within
// CACHE_TTL_MS + 60 s; checkout reads stock and prices from the database itself.

export const CATALOG_MESSAGES = {
  productNotFound: '商品が見つかりません。',
  variationNotFound: '商品の版が見つかりません。',
  benefitNotFound: 'この商品の特典が見つかりません。',
  codeTaken: 'このJAN/ISBNコードの商品はすでに登録されています。',
  codeAmbiguous: 'このJAN/ISBNコードの商品が複数あります。商品IDを指定してください。',
  variationNameTaken: 'この商品には同じ名前の版がすでにあります。',
  releaseDateHasOrders:
    '注文のある商品の発売日は「発売日の変更」から変更してください（ご注文のお客様へのお知らせが送られます）。',
  unreleasedNeedsDate: '未発売の予約商品には発売日を入力してください',
  benefitBelowClaimed: (claimed: number) =>
    `特典の上限数は、すでに付けた数（${claimed}個）より少なくできません`,
  pricePending:
    '価格未定のまま予約された注文があります。価格は「価格決定」から決めてください（予約者へのお知らせが送られます）。',
} as const;

/** Advisory lock namespace of catalog writes keyed by a name (a product code, a series title). */
const CATALOG_LOCK = 180_001;

/**
 * Serialises the writes of one key across transactions and instances until the transaction ends:
 * two imports (or an import and a create) of the same JAN code find one another's product
 * instead of creating two.
 */
export async function lockCatalogKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_LOCK}, hashtext(${key}))`);
}

/**
 * Takes the locks of several keys in one order (sorted), so that two writes needing some of the
 * same keys never wait for each other in a cycle. A lock held already is taken again at no cost.
 */
export async function lockCatalogKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await lockCatalogKey(tx, key);
}

/** The lock keys a product's fields name: its code, series, author and circle. */
export function catalogKeysOf(fields: ProductFields): string[] {
  return [
    fields.isbn === null ? null : `code:${fields.isbn}`,
    fields.seriesTitle === null ? null : `series:${fields.seriesTitle}`,
    fields.authorName === null ? null : `author:${fields.authorName}`,
    fields.circleName === null ? null : `circle:${fields.circleName}`,
  ].filter((key) => key !== null);
}

// ── reading ──

const PRODUCT_COLUMNS = sql`
  p.id, p.slug, p.title, p.title_kana as "titleKana", p.description, p.categories, p.genre,
  s.title as "seriesTitle", s.title_kana as "seriesKana",
  a.name as "authorName", nullif(a.name_kana, '') as "authorKana",
  c.name as "circleName", nullif(c.name_kana, '') as "circleKana",
  p.publisher, p.isbn, p.is_adult as "isAdult",
  ${isoInstantSql('p.disabled_before')} as "saleStartsAt",
  p.sell_start_date::text as "releaseDate", p.release_date_precision as "releaseDatePrecision",
  p.reservation_type as "reservationType", p.expected_restock_date::text as "expectedRestockDate",
  p.bonus_content as "bonusContent", p.cover_image as "coverImage",
  exists (select 1 from product_covers pc where pc.product_id = p.id) as "coverUploaded",
  p.order_count as "orderCount",
  ${isoInstantSql('p.created_at')} as "createdAt", ${isoInstantSql('p.updated_at')} as "updatedAt",
  coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name, 'position', v.position,
      'unitPrice', v.unit_price, 'pointValue', v.point_value, 'stock', v.stock_quantity,
      'inStock', v.in_stock) order by v.position, v.id)
    from variations v where v.product_id = p.id), '[]'::json) as variations`;

const PRODUCT_FROM = sql`from products p left join series s on s.id = p.series_id
  left join authors a on a.id = p.author_id left join authors c on c.id = p.circle_id`;

/** Products as the back office edits them, in the order of `ids` (missing ones left out). */
export async function readProducts(
  db: Tx | Database['orm'],
  ids: readonly number[],
): Promise<AdminProduct[]> {
  if (ids.length === 0) return [];
  const rows = await txRows<AdminProduct>(
    db,
    sql`select ${PRODUCT_COLUMNS},
          coalesce((select json_agg(json_build_object('id', b.id, 'title', b.title,
              'availableMaxNum', b.available_max_num, 'claimedCount', b.claimed_count,
              'distributed', b.distributed, 'expiryDate', b.expiry_date) order by b.id)
            from benefits b where b.product_id = p.id), '[]'::json) as benefits
        ${PRODUCT_FROM} where p.id = any(${sql.param(ids)}::int[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A product as the back office edits it, or null when there is none. */
export async function readProduct(
  db: Tx | Database['orm'],
  id: number,
): Promise<AdminProduct | null> {
  return (await readProducts(db, [id]))[0] ?? null;
}

export async function getProduct(deps: AppDeps, id: number): Promise<AdminProduct> {
  const product = await readProduct(deps.db.orm, id);
  if (product === null)
    throw new ServiceError('product_not_found', CATALOG_MESSAGES.productNotFound);
  return product;
}

export interface ProductListQuery {
  q?: string | undefined;
  category?: ProductFields['categories'][number] | undefined;
  cursor?: number | undefined;
  limit: number;
}

/**
 * Products newest first (by id), `limit` at a time: the keyset is the id, so a page costs the
 * same at the millionth product. `q` is the storefront search's matching (the same index: a JAN
 * or ISBN names one product) and `category` its category filter.
 */
export async function listProducts(
  deps: AppDeps,
  query: ProductListQuery,
): Promise<{ items: AdminProductRow[]; nextCursor: string | null }> {
  const { where } = searchConditions(
    {
      q: (query.q ?? '').trim().replace(/\s+/g, ' '),
      categories: query.category ? [query.category] : [],
      genres: [],
      filters: [],
      sort: 'new_arrival-desc',
      page: 1,
    },
    deps.now(),
  );
  const after = query.cursor === undefined ? sql`true` : sql`p.id < ${query.cursor}`;
  const ids = await deps.db.rows<{ id: number }>(
    sql`select p.id from product_search p where ${where} and ${after}
        order by p.id desc limit ${query.limit + 1}`,
  );
  const page = ids.slice(0, query.limit).map((row) => row.id);
  const rows =
    page.length === 0
      ? []
      : await deps.db.rows<AdminProductRow>(
          sql`select p.id, p.slug, p.title, p.categories, p.isbn, p.is_adult as "isAdult",
                p.sell_start_date::text as "releaseDate",
                p.release_date_precision as "releaseDatePrecision",
                p.reservation_type as "reservationType", p.cover_image as "coverImage",
                ${isoInstantSql('p.updated_at')} as "updatedAt",
                coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name,
                    'position', v.position, 'unitPrice', v.unit_price, 'pointValue', v.point_value,
                    'stock', v.stock_quantity, 'inStock', v.in_stock) order by v.position, v.id)
                  from variations v where v.product_id = p.id), '[]'::json) as variations
              from products p where p.id = any(${sql.param(page)}::int[]) order by p.id desc`,
        );
  const last = page.at(-1);
  return {
    items: rows,
    nextCursor: ids.length > query.limit && last !== undefined ? String(last) : null,
  };
}

// ── writing ──

/** The editable fields of a stored product, in the shape they are written. */
export function fieldsOf(product: AdminProduct): ProductFields {
  return {
    title: product.title,
    titleKana: product.titleKana,
    description: product.description,
    categories: product.categories as ProductFields['categories'],
    genre: product.genre as ProductFields['genre'],
    seriesTitle: product.seriesTitle,
    seriesKana: product.seriesKana,
    authorName: product.authorName,
    authorKana: product.authorKana,
    circleName: product.circleName,
    circleKana: product.circleKana,
    publisher: product.publisher,
    isbn: product.isbn,
    isAdult: product.isAdult,
    saleStartsAt: product.saleStartsAt,
    releaseDate: product.releaseDate,
    releaseDatePrecision: product.releaseDatePrecision,
    reservationType: product.reservationType,
    expectedRestockDate: product.expectedRestockDate,
    bonusContent: product.bonusContent,
  };
}

/** A new product's fields: what the body gives, the rest empty. */
export function newProductFields(
  body: Omit<CreateProductBody, 'variations' | 'benefits'>,
): ProductFields {
  return {
    titleKana: null,
    description: '',
    seriesTitle: null,
    seriesKana: null,
    authorName: null,
    authorKana: null,
    circleName: null,
    circleKana: null,
    publisher: '',
    isbn: null,
    isAdult: false,
    saleStartsAt: null,
    releaseDate: null,
    releaseDatePrecision: 'day',
    reservationType: null,
    expectedRestockDate: null,
    bonusContent: null,
    ...body,
  };
}

/** The refusal of fields that are each valid but not together. */
export function crossFieldProblems(fields: ProductFields): { path: string; message: string }[] {
  if (fields.reservationType === 'UNRELEASED' && fields.releaseDate === null) {
    return [{ path: 'releaseDate', message: CATALOG_MESSAGES.unreleasedNeedsDate }];
  }
  return [];
}

interface Linked {
  id: number | null;
  reading: string | null;
}

/** The series of this title, created (with its reading) when the shop has none yet. */
async function seriesNamed(tx: Tx, title: string | null, reading: string | null): Promise<Linked> {
  if (title === null) return { id: null, reading: null };
  await lockCatalogKey(tx, `series:${title}`);
  const [found] = await txRows<{ id: number; reading: string | null }>(
    tx,
    sql`select id, title_kana as reading from series where title = ${title} order by id limit 1`,
  );
  if (found) return found;
  const [created] = await txRows<{ id: number }>(
    tx,
    sql`with next as (select nextval(pg_get_serial_sequence('series', 'id'))::int as id)
        insert into series (id, slug, title, title_kana)
        select id, 'ip' || id, ${title}, ${reading} from next returning id`,
  );
  return { id: created?.id ?? null, reading };
}

/** The author or circle of this name, created (with its reading) when the shop has none yet. */
async function personNamed(
  tx: Tx,
  kind: 'author' | 'circle',
  name: string | null,
  reading: string | null,
): Promise<Linked> {
  if (name === null) return { id: null, reading: null };
  await lockCatalogKey(tx, `${kind}:${name}`);
  const [found] = await txRows<{ id: number; reading: string }>(
    tx,
    sql`select id, name_kana as reading from authors where name = ${name} and kind = ${kind}
        order by id limit 1`,
  );
  if (found) return { id: found.id, reading: found.reading || null };
  const prefix = kind === 'author' ? 'a' : 'c';
  const [created] = await txRows<{ id: number }>(
    tx,
    sql`with next as (select nextval(pg_get_serial_sequence('authors', 'id'))::int as id)
        insert into authors (id, slug, name, name_kana, kind)
        select id, ${prefix} || id, ${name}, ${reading ?? ''}, ${kind} from next returning id`,
  );
  return { id: created?.id ?? null, reading };
}

/** Whether any order holds the product: its release date then changes only with the mails. */
async function hasOrders(tx: Tx, productId: number): Promise<boolean> {
  const [row] = await txRows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from order_items where product_id = ${productId}) as found`,
  );
  return row?.found ?? false;
}

/** The product holding this JAN/ISBN code, taken under its lock; `ambiguous` if several do. */
export async function productOfCode(
  tx: Tx,
  code: string,
): Promise<{ id: number } | 'ambiguous' | null> {
  await lockCatalogKey(tx, `code:${code}`);
  const rows = await txRows<{ id: number }>(
    tx,
    sql`select id from products where isbn = ${code} order by id limit 2`,
  );
  if (rows.length > 1) return 'ambiguous';
  return rows[0] ?? null;
}

/**
 * Writes a product's fields (a new product when `id` is null) and what follows from them: its
 * series, author and circle (found by name, else created), the search texts, and the columns its
 * variations repeat. A release date of a product with orders changes only through 発売日の変更
 * (the postponement mails), and a JAN/ISBN code names one product: both are refused here.
 * Answers the product's id.
 */
export async function writeProductFields(
  tx: Tx,
  id: number | null,
  previous: ProductFields | null,
  fields: ProductFields,
  now: Date,
): Promise<number> {
  const problems = crossFieldProblems(fields);
  await lockCatalogKeys(tx, catalogKeysOf(fields));
  if (problems.length > 0) {
    throw new ServiceError('invalid_product', problems.map((p) => p.message).join(' '), problems);
  }
  const releaseDate =
    fields.releaseDate === null
      ? null
      : releaseSpanStart(fields.releaseDate, fields.releaseDatePrecision);
  if (
    id !== null &&
    previous !== null &&
    (previous.releaseDate !== releaseDate ||
      previous.releaseDatePrecision !== fields.releaseDatePrecision) &&
    (await hasOrders(tx, id))
  ) {
    throw new ServiceError('release_date_has_orders', CATALOG_MESSAGES.releaseDateHasOrders);
  }
  if (fields.isbn !== null && fields.isbn !== previous?.isbn) {
    const holder = await productOfCode(tx, fields.isbn);
    if (holder !== null && (holder === 'ambiguous' || holder.id !== id)) {
      throw new ServiceError('product_code_taken', CATALOG_MESSAGES.codeTaken);
    }
  }
  const series = await seriesNamed(tx, fields.seriesTitle, fields.seriesKana);
  const author = await personNamed(tx, 'author', fields.authorName, fields.authorKana);
  const circle = await personNamed(tx, 'circle', fields.circleName, fields.circleKana);
  const searchTitle = normalizeForSearch(fields.title);
  const searchText = searchableText({
    texts: [
      fields.title,
      fields.seriesTitle,
      fields.authorName,
      fields.circleName,
      fields.publisher,
      fields.isbn,
      fields.bonusContent,
    ],
    readings: [fields.titleKana, series.reading, author.reading, circle.reading],
  });
  const columns = {
    title: fields.title,
    titleKana: fields.titleKana,
    description: fields.description,
    categories: sql`${sql.param(fields.categories)}::text[]`,
    genre: fields.genre,
    seriesId: series.id,
    authorId: author.id,
    circleId: circle.id,
    publisher: fields.publisher,
    isbn: fields.isbn,
    isAdult: fields.isAdult,
    reservationType: fields.reservationType,
    releaseDate,
    precision: fields.releaseDatePrecision,
    restock: fields.expectedRestockDate,
    saleStartsAt: fields.saleStartsAt,
    bonusContent: fields.bonusContent,
  };
  let productId: number;
  if (id === null) {
    const [created] = await txRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id`,
    );
    productId = created?.id as number;
    const slug = productSlug(productId);
    await tx.execute(
      sql`insert into products (id, slug, title, title_kana, description, categories, genre,
            series_id, author_id, circle_id, publisher, isbn, is_adult, reservation_type,
            sell_start_date, release_date_precision, expected_restock_date, disabled_before,
            has_bonus, bonus_content, cover_image, search_title, search_text, created_at, updated_at)
          values (${productId}, ${slug}, ${columns.title}, ${columns.titleKana},
            ${columns.description}, ${columns.categories}, ${columns.genre}, ${columns.seriesId},
            ${columns.authorId}, ${columns.circleId}, ${columns.publisher}, ${columns.isbn},
            ${columns.isAdult}, ${columns.reservationType}, ${columns.releaseDate},
            ${columns.precision}, ${columns.restock}, ${columns.saleStartsAt},
            ${columns.bonusContent !== null}, ${columns.bonusContent}, ${coverImagePath(slug)},
            ${searchTitle}, ${searchText}, ${now.toISOString()}, ${now.toISOString()})`,
    );
  } else {
    productId = id;
    await tx.execute(
      sql`update products set title = ${columns.title}, title_kana = ${columns.titleKana},
            description = ${columns.description}, categories = ${columns.categories},
            genre = ${columns.genre}, series_id = ${columns.seriesId},
            author_id = ${columns.authorId}, circle_id = ${columns.circleId},
            publisher = ${columns.publisher}, isbn = ${columns.isbn}, is_adult = ${columns.isAdult},
            reservation_type = ${columns.reservationType}, sell_start_date = ${columns.releaseDate},
            release_date_precision = ${columns.precision},
            expected_restock_date = ${columns.restock}, disabled_before = ${columns.saleStartsAt},
            has_bonus = ${columns.bonusContent !== null}, bonus_content = ${columns.bonusContent},
            search_title = ${searchTitle}, search_text = ${searchText},
            updated_at = ${now.toISOString()}
          where id = ${productId}`,
    );
  }
  await tx.execute(repeatProductOnVariations(productId, now));
  return productId;
}

/**
 * The columns a product's variations repeat from it, as the seed writes them: the reservation
 * type (reservable exactly when it has one), the expected restock, and the release day while the
 * sale is ahead (stockLabel reads a variation's sale start as a reservation). `p` is the product.
 */
const REPEATED_COLUMNS = sql`reservation_type, can_reserve, expected_restock_date, sell_start_date`;

function repeatedValues(now: Date): SQL {
  return sql`p.reservation_type, p.reservation_type is not null, p.expected_restock_date,
    case when p.sell_start_date > ${jstToday(now)}::date then p.sell_start_date end`;
}

function repeatProductOnVariations(productId: number, now: Date): SQL {
  return sql`update variations v set (${REPEATED_COLUMNS}) = (${repeatedValues(now)})
    from products p where p.id = ${productId} and v.product_id = p.id`;
}

/** Adds a variation at the end of the product's list; the name is unique within the product. */
export async function insertVariation(
  tx: Tx,
  productId: number,
  fields: VariationFields,
  now: Date,
): Promise<number> {
  const [taken] = await txRows<{ id: number }>(
    tx,
    sql`select id from variations where product_id = ${productId} and name = ${fields.name}`,
  );
  if (taken) throw new ServiceError('variation_name_taken', CATALOG_MESSAGES.variationNameTaken);
  const [row] = await txRows<{ id: number }>(
    tx,
    sql`insert into variations (product_id, name, position, unit_price, point_value, in_stock,
          stock_quantity, ${REPEATED_COLUMNS})
        select p.id, ${fields.name},
          coalesce((select max(position) + 1 from variations where product_id = p.id), 0),
          ${fields.unitPrice}, ${fields.pointValue}, ${fields.stock > 0}, ${fields.stock},
          ${repeatedValues(now)}
        from products p where p.id = ${productId}
        returning id`,
  );
  return row?.id as number;
}

/**
 * Changes a variation's name, price and points, then its stock through applyStock (a restock
 * mails 再入荷のお知らせ). A price for a 価格未定 variation holding reservations is decided only
 * through 価格決定, which prices those orders and mails their members.
 */
export async function changeVariation(
  tx: Tx,
  variationId: number,
  change: UpdateVariationBody,
  now: Date,
): Promise<{ productId: number; restockNotices: number } | null> {
  const [current] = await txRows<{ productId: number; name: string; unitPrice: number | null }>(
    tx,
    sql`select product_id as "productId", name, unit_price as "unitPrice"
        from variations where id = ${variationId} for update`,
  );
  if (current === undefined) return null;
  if (change.name !== undefined && change.name !== current.name) {
    const [taken] = await txRows<{ id: number }>(
      tx,
      sql`select id from variations where product_id = ${current.productId} and name = ${change.name}`,
    );
    if (taken) throw new ServiceError('variation_name_taken', CATALOG_MESSAGES.variationNameTaken);
  }
  if (current.unitPrice === null && change.unitPrice !== undefined && change.unitPrice !== null) {
    const [pending] = await txRows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from order_details d join orders o on o.id = d.order_id
            where ${pendingOrdersOf(variationId)}) as found`,
    );
    if (pending?.found)
      throw new ServiceError('price_pending_orders', CATALOG_MESSAGES.pricePending);
  }
  await tx.execute(
    sql`update variations set
          name = coalesce(${change.name ?? null}, name),
          unit_price = ${change.unitPrice === undefined ? sql`unit_price` : change.unitPrice},
          point_value = coalesce(${change.pointValue ?? null}::int, point_value)
        where id = ${variationId}`,
  );
  let restockNotices = 0;
  if (change.stock !== undefined) {
    restockNotices = (await applyStock(tx, variationId, change.stock, now)).restockNotices;
  }
  await tx.execute(
    sql`update products set updated_at = ${now.toISOString()} where id = ${current.productId}`,
  );
  return { productId: current.productId, restockNotices };
}

/** Adds or changes the listed benefits of a product (those not listed stay as they are). */
async function writeBenefits(
  tx: Tx,
  productId: number,
  list: readonly Omit<BenefitFields, 'id'>[] | readonly BenefitFields[],
): Promise<void> {
  for (const benefit of list) {
    const id = 'id' in benefit ? benefit.id : undefined;
    if (id === undefined) {
      await tx.execute(
        sql`insert into benefits (product_id, title, available_max_num, distributed, expiry_date)
            values (${productId}, ${benefit.title}, ${benefit.availableMaxNum},
              ${benefit.distributed}, ${benefit.expiryDate})`,
      );
      continue;
    }
    const [current] = await txRows<{ claimed: number }>(
      tx,
      sql`select claimed_count as claimed from benefits
          where id = ${id} and product_id = ${productId} for update`,
    );
    if (current === undefined) {
      throw new ServiceError('benefit_not_found', CATALOG_MESSAGES.benefitNotFound);
    }
    if ((benefit.availableMaxNum ?? 0) < current.claimed) {
      const message = CATALOG_MESSAGES.benefitBelowClaimed(current.claimed);
      throw new ServiceError('benefit_below_claimed', message, [
        { path: 'benefits.availableMaxNum', message },
      ]);
    }
    await tx.execute(
      sql`update benefits set title = ${benefit.title}, available_max_num = ${benefit.availableMaxNum},
            distributed = ${benefit.distributed}, expiry_date = ${benefit.expiryDate}
          where id = ${id}`,
    );
  }
}

/** POST products/: a product with its variations and benefits, one audit entry. */
export async function createProduct(
  deps: AppDeps,
  body: CreateProductBody,
  actor: StaffActor,
): Promise<AdminProduct> {
  const now = deps.now();
  const { variations, benefits, ...rest } = body;
  const names = new Set(variations.map((v) => v.name));
  if (names.size !== variations.length) {
    throw new ServiceError('variation_name_taken', CATALOG_MESSAGES.variationNameTaken);
  }
  return deps.db.orm.transaction(async (tx) => {
    const id = await writeProductFields(tx, null, null, newProductFields(rest), now);
    for (const variation of variations) await insertVariation(tx, id, variation, now);
    await writeBenefits(tx, id, benefits ?? []);
    const product = (await readProduct(tx, id)) as AdminProduct;
    await recordAudit(
      tx,
      actor,
      {
        action: 'product.create',
        targetType: 'product',
        targetId: id,
        before: null,
        after: product,
      },
      now,
    );
    return product;
  });
}

/** The product as the audit log compares it: fields and benefits, without derived columns. */
function auditView(product: AdminProduct) {
  return { ...fieldsOf(product), benefits: product.benefits };
}

/** PATCH products/:id/: the given fields (and benefits) changed, one audit entry of the change. */
export async function updateProduct(
  deps: AppDeps,
  id: number,
  body: UpdateProductBody,
  actor: StaffActor,
): Promise<AdminProduct> {
  const now = deps.now();
  const { benefits, ...fields } = body;
  return deps.db.orm.transaction(async (tx) => {
    await tx.execute(sql`select id from products where id = ${id} for update`);
    const before = await readProduct(tx, id);
    if (before === null) {
      throw new ServiceError('product_not_found', CATALOG_MESSAGES.productNotFound);
    }
    const previous = fieldsOf(before);
    await writeProductFields(tx, id, previous, { ...previous, ...fields }, now);
    await writeBenefits(tx, id, benefits ?? []);
    const after = (await readProduct(tx, id)) as AdminProduct;
    await recordAudit(
      tx,
      actor,
      {
        action: 'product.update',
        targetType: 'product',
        targetId: id,
        ...changedFields(auditView(before), auditView(after)),
      },
      now,
    );
    return after;
  });
}

export interface VariationWrite {
  product: AdminProduct;
  variation: AdminProduct['variations'][number];
  restockNotices: number;
}

function variationOf(product: AdminProduct, id: number): AdminProduct['variations'][number] {
  const found = product.variations.find((v) => v.id === id);
  if (found === undefined) throw new Error(`variation ${id} not in product ${product.id}`);
  return found;
}

/** POST products/:id/variations/: a new variation at the end of the list. */
export async function addVariation(
  deps: AppDeps,
  productId: number,
  fields: VariationFields,
  actor: StaffActor,
): Promise<VariationWrite> {
  const now = deps.now();
  return deps.db.orm.transaction(async (tx) => {
    const [found] = await txRows<{ id: number }>(
      tx,
      sql`select id from products where id = ${productId} for update`,
    );
    if (found === undefined) {
      throw new ServiceError('product_not_found', CATALOG_MESSAGES.productNotFound);
    }
    const id = await insertVariation(tx, productId, fields, now);
    await tx.execute(
      sql`update products set updated_at = ${now.toISOString()} where id = ${productId}`,
    );
    const product = (await readProduct(tx, productId)) as AdminProduct;
    const variation = variationOf(product, id);
    await recordAudit(
      tx,
      actor,
      {
        action: 'variation.create',
        targetType: 'variation',
        targetId: id,
        before: null,
        after: variation,
      },
      now,
    );
    return { product, variation, restockNotices: 0 };
  });
}

/** PATCH variations/:id/: name, price, points and stock; a restock mails its requesters. */
export async function updateVariation(
  deps: AppDeps,
  variationId: number,
  change: UpdateVariationBody,
  actor: StaffActor,
): Promise<VariationWrite> {
  const now = deps.now();
  return deps.db.orm.transaction(async (tx) => {
    const [owner] = await txRows<{ productId: number }>(
      tx,
      sql`select product_id as "productId" from variations where id = ${variationId} for update`,
    );
    const before = owner === undefined ? null : await readProduct(tx, owner.productId);
    const result = await changeVariation(tx, variationId, change, now);
    if (result === null || before === null) {
      throw new ServiceError('variation_not_found', CATALOG_MESSAGES.variationNotFound);
    }
    const product = (await readProduct(tx, result.productId)) as AdminProduct;
    const variation = variationOf(product, variationId);
    await recordAudit(
      tx,
      actor,
      {
        action: 'variation.update',
        targetType: 'variation',
        targetId: variationId,
        ...changedFields(variationOf(before, variationId), variation),
      },
      now,
    );
    return { product, variation, restockNotices: result.restockNotices };
  });
}
