import { FAVORITE_CONTENT_TYPES as FAVORITE_TABS, type FavoriteContentType } from '@shop/rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { favorites } from '../db/schema/accounts';
import { authors, products, series } from '../db/schema/catalog';
import { values } from '../schemas/params';
import { lockActiveMember } from './member-lock';
import { ServiceError } from './service-error';

/** The favourites tabs of the spec (@shop/rules FAVORITE_CONTENT_TYPES): 商品, シリーズ, 作者. */
export const FAVORITE_CONTENT_TYPES = values(FAVORITE_TABS);
export type { FavoriteContentType };

/** A member may keep this many favourites of each type. */
export const FAVORITE_LIMIT = 1000;
/** Favourites on one page of GET /api/favorites/{type}/ (its answer says so as `pageSize`). */
export const FAVORITES_PAGE_SIZE = 50;

export interface FavoriteView {
  contentType: FavoriteContentType;
  slug: string;
  /** The product or series title, or the author's name. */
  title: string;
  /** Cover of a product; null for series and authors. */
  image: string | null;
  addedAt: string;
}

const TARGET_LABELS = Object.fromEntries(
  FAVORITE_TABS.map((tab) => [tab.value, tab.label]),
) as Record<FavoriteContentType, string>;

/** The catalog table behind each content type, reduced to id, slug, title and image. */
function target(contentType: FavoriteContentType) {
  switch (contentType) {
    case 'product':
      return {
        table: products,
        id: products.id,
        slug: products.slug,
        title: products.title,
        image: products.coverImage,
      };
    case 'intellectualproperty':
      return {
        table: series,
        id: series.id,
        slug: series.slug,
        title: series.title,
        image: sql<string | null>`null`,
      };
    case 'author':
      return {
        table: authors,
        id: authors.id,
        slug: authors.slug,
        title: authors.name,
        image: sql<string | null>`null`,
      };
  }
}

async function targetId(
  db: Database,
  contentType: FavoriteContentType,
  slug: string,
): Promise<number> {
  const t = target(contentType);
  const [row] = await db.orm.select({ id: t.id }).from(t.table).where(eq(t.slug, slug));
  if (!row) {
    throw new ServiceError(
      'favorite_target_not_found',
      `お気に入りに登録する${TARGET_LABELS[contentType]}が見つかりません。`,
    );
  }
  return row.id;
}

/** The favourites of one type a member keeps. */
function keptBy(memberId: number, contentType: FavoriteContentType) {
  return and(eq(favorites.memberId, memberId), eq(favorites.contentType, contentType));
}

/** One favourite: the member's of this type and target. */
function oneFavorite(memberId: number, contentType: FavoriteContentType, id: number) {
  return and(keptBy(memberId, contentType), eq(favorites.targetId, id));
}

/** Whether the member keeps the target of this type (id, not slug) as a favourite. */
async function keeps(
  db: Pick<Database, 'orm'>,
  memberId: number,
  contentType: FavoriteContentType,
  id: number,
): Promise<boolean> {
  const [row] = await db.orm
    .select({ id: favorites.targetId })
    .from(favorites)
    .where(oneFavorite(memberId, contentType, id));
  return row !== undefined;
}

export async function listFavorites(
  db: Database,
  memberId: number,
  contentType: FavoriteContentType,
  page: number,
): Promise<{ total: number; page: number; pageSize: number; items: FavoriteView[] }> {
  const t = target(contentType);
  const where = keptBy(memberId, contentType);
  const [count] = await db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .where(where);
  const rows = await db.orm
    .select({ slug: t.slug, title: t.title, image: t.image, addedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(t.table, eq(t.id, favorites.targetId))
    .where(where)
    .orderBy(desc(favorites.createdAt), desc(favorites.targetId))
    .limit(FAVORITES_PAGE_SIZE)
    .offset((page - 1) * FAVORITES_PAGE_SIZE);
  return {
    total: count?.n ?? 0,
    page,
    pageSize: FAVORITES_PAGE_SIZE,
    items: rows.map((r) => ({
      contentType,
      slug: r.slug,
      title: r.title,
      image: r.image,
      addedAt: r.addedAt.toISOString(),
    })),
  };
}

export async function isFavorite(
  db: Database,
  memberId: number,
  contentType: FavoriteContentType,
  slug: string,
): Promise<boolean> {
  return keeps(db, memberId, contentType, await targetId(db, contentType, slug));
}

/**
 * Adds a favourite; adding one that exists changes nothing (idempotent). At most `limit` of a
 * type per member, also when requests race: the count and the insert run in one transaction
 * under the member row's lock, so concurrent additions of one member queue and each counts what
 * the previous one left (a count outside the lock let a burst past the limit on PostgreSQL).
 */
export async function addFavorite(
  db: Database,
  memberId: number,
  contentType: FavoriteContentType,
  slug: string,
  now: Date,
  limit: number = FAVORITE_LIMIT,
): Promise<{ created: boolean }> {
  const id = await targetId(db, contentType, slug);
  return db.transaction(async (tx) => {
    await lockActiveMember(tx.orm, memberId);
    const [count] = await tx.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(keptBy(memberId, contentType));
    if ((count?.n ?? 0) >= limit) {
      // Adding one already kept stays idempotent at the limit.
      if (await keeps(tx, memberId, contentType, id)) return { created: false };
      throw new ServiceError(
        'favorite_limit_reached',
        `お気に入りに登録できる${TARGET_LABELS[contentType]}は${limit}件までです。`,
      );
    }
    const inserted = await tx.orm
      .insert(favorites)
      .values({ memberId, contentType, targetId: id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: favorites.targetId });
    return { created: inserted.length > 0 };
  });
}

export async function removeFavorite(
  db: Database,
  memberId: number,
  contentType: FavoriteContentType,
  slug: string,
): Promise<void> {
  const id = await targetId(db, contentType, slug);
  const gone = await db.orm
    .delete(favorites)
    .where(oneFavorite(memberId, contentType, id))
    .returning({ id: favorites.targetId });
  if (gone.length === 0) {
    throw new ServiceError('favorite_not_found', 'お気に入りに登録されていません。');
  }
}
