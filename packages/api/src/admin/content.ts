import { asc, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import {
  authors,
  galleryEntries,
  news,
  products,
  showcaseProducts,
  showcases,
} from '../db/schema/catalog';
import type { Tx } from '../db/tx';
import type { AppDeps } from '../deps';
import { bumpContentRevision } from '../services/content-revision';
import { isUniqueViolation } from '../services/members';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from '../staff/access';
import { recordAudit } from '../staff/audit';
import type {
  AdminGalleryEntry,
  AdminNews,
  AdminShowcase,
  BannerList,
  GalleryInput,
  NewsInput,
  PublicationState,
  ShowcaseInput,
  ShowcaseState,
} from './content-schemas';
import { type ListPage, toListPage } from './list-page';

// The back office's content (docs/backoffice.md, "Content"): news, showcases and their banner
// order, the signed-book gallery. Every write runs in one transaction that also records its
// audit entry (the fields it changed, before and after) and bumps the content revision, so the
// top page's cache on every instance misses at once (services/content-revision.ts); the
// storefront's own content routes read the tables directly.

type News = typeof news.$inferSelect;
type Showcase = typeof showcases.$inferSelect;
type GalleryEntry = typeof galleryEntries.$inferSelect;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());
const instant = (at: string | null) => (at === null ? null : new Date(at));

function publicationState(publishedAt: Date | null, now: Date): PublicationState {
  if (publishedAt === null) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

function showcaseState(row: Showcase, now: Date): ShowcaseState {
  if (row.startsAt === null) return 'draft';
  if (row.startsAt > now) return 'scheduled';
  return row.endsAt !== null && row.endsAt <= now ? 'ended' : 'running';
}

/**
 * The fields of `after` whose value differs from `before`, as the audit log keeps a change: each
 * side with those fields only (both empty when a PATCH changed nothing: still one write, one
 * entry).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return { before: was, after: is };
}

const SLUG_TAKEN = () =>
  new ServiceError('slug_taken', 'このURL名は既に使われています。別のURL名を指定してください。');

/**
 * Runs a content write in one transaction with its audit entry and the revision bump. The bump
 * comes first: its row lock queues content writes one after another (they are few), so two
 * banner reorders cannot interleave. A slug another entry has is refused as `slug_taken` (the
 * unique index decides, so two writes racing for one slug cannot both win).
 */
async function contentWrite<T>(deps: AppDeps, work: (tx: Tx, now: Date) => Promise<T>) {
  const now = deps.now();
  try {
    return await deps.db.orm.transaction(async (tx) => {
      await bumpContentRevision(tx);
      return work(tx, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw SLUG_TAKEN();
    throw error;
  }
}

// ── news ──

function newsView(row: News, now: Date): AdminNews {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    body: row.body,
    publishedAt: iso(row.publishedAt),
    state: publicationState(row.publishedAt, now),
  };
}

/** What the audit log keeps of a news entry. */
const newsRecord = (row: News) => ({
  slug: row.slug,
  title: row.title,
  category: row.category,
  body: row.body,
  publishedAt: iso(row.publishedAt),
});

const NEWS_NOT_FOUND = () =>
  new ServiceError('news_not_found', '指定のお知らせは見つかりませんでした。');

/** Every news entry, drafts and scheduled ones included, newest created first. */
export async function listAdminNews(
  deps: AppDeps,
  page: { limit: number; after?: number },
): Promise<ListPage<AdminNews>> {
  const rows = await deps.db.orm
    .select()
    .from(news)
    .where(page.after === undefined ? undefined : lt(news.id, page.after))
    .orderBy(desc(news.id))
    .limit(page.limit + 1);
  const now = deps.now();
  return toListPage(rows, page.limit, (row) => newsView(row, now));
}

export async function createNews(
  deps: AppDeps,
  input: NewsInput,
  actor: StaffActor,
): Promise<AdminNews> {
  return contentWrite(deps, async (tx, now) => {
    const [row] = await tx
      .insert(news)
      .values({ ...input, publishedAt: instant(input.publishedAt) })
      .returning();
    if (!row) throw new Error('news insert returned no row');
    await recordAudit(
      tx,
      actor,
      {
        action: 'news.create',
        targetType: 'news',
        targetId: row.id,
        before: null,
        after: newsRecord(row),
      },
      now,
    );
    return newsView(row, now);
  });
}

export async function updateNews(
  deps: AppDeps,
  id: number,
  patch: Partial<NewsInput>,
  actor: StaffActor,
): Promise<AdminNews> {
  return contentWrite(deps, async (tx, now) => {
    const [before] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!before) throw NEWS_NOT_FOUND();
    const { publishedAt, ...text } = patch;
    const [after] = await tx
      .update(news)
      .set({ ...text, ...(publishedAt === undefined ? {} : { publishedAt: instant(publishedAt) }) })
      .where(eq(news.id, id))
      .returning();
    if (!after) throw NEWS_NOT_FOUND();
    await recordAudit(
      tx,
      actor,
      {
        action: 'news.update',
        targetType: 'news',
        targetId: id,
        ...changedFields(newsRecord(before), newsRecord(after)),
      },
      now,
    );
    return newsView(after, now);
  });
}

export async function deleteNews(deps: AppDeps, id: number, actor: StaffActor): Promise<void> {
  await contentWrite(deps, async (tx, now) => {
    const [gone] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!gone) throw NEWS_NOT_FOUND();
    await recordAudit(
      tx,
      actor,
      {
        action: 'news.delete',
        targetType: 'news',
        targetId: id,
        before: newsRecord(gone),
        after: null,
      },
      now,
    );
  });
}

// ── showcases ──

const SHOWCASE_NOT_FOUND = () =>
  new ServiceError('showcase_not_found', '指定の特集は見つかりませんでした。');

async function showcaseProductIds(tx: Tx | AppDeps['db']['orm'], ids: number[]) {
  if (ids.length === 0) return new Map<number, number[]>();
  const rows = await tx
    .select()
    .from(showcaseProducts)
    .where(inArray(showcaseProducts.showcaseId, ids))
    .orderBy(asc(showcaseProducts.showcaseId), asc(showcaseProducts.position));
  const byShowcase = new Map<number, number[]>();
  for (const row of rows) {
    byShowcase.set(row.showcaseId, [...(byShowcase.get(row.showcaseId) ?? []), row.productId]);
  }
  return byShowcase;
}

function showcaseView(row: Showcase, productIds: number[], now: Date): AdminShowcase {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    bannerPosition: row.bannerPosition,
    productIds,
    state: showcaseState(row, now),
  };
}

const showcaseRecord = (row: Showcase, productIds: number[]) => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  image: row.image,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  productIds,
});

/** Refuses product ids that name no product, listing them. */
async function checkProducts(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new ServiceError(
      'product_not_found',
      `指定の商品が見つかりません（ID: ${missing.join(', ')}）。`,
      missing.map((id) => ({ path: 'productIds', message: `商品ID ${id} は存在しません` })),
    );
  }
}

async function replaceShowcaseProducts(tx: Tx, showcaseId: number, productIds: number[]) {
  await checkProducts(tx, productIds);
  await tx.delete(showcaseProducts).where(eq(showcaseProducts.showcaseId, showcaseId));
  if (productIds.length === 0) return;
  await tx
    .insert(showcaseProducts)
    .values(productIds.map((productId, position) => ({ showcaseId, productId, position })));
}

export async function listAdminShowcases(
  deps: AppDeps,
  page: { limit: number; after?: number },
): Promise<ListPage<AdminShowcase>> {
  const rows = await deps.db.orm
    .select()
    .from(showcases)
    .where(page.after === undefined ? undefined : lt(showcases.id, page.after))
    .orderBy(desc(showcases.id))
    .limit(page.limit + 1);
  const items = await showcaseProductIds(
    deps.db.orm,
    rows.slice(0, page.limit).map((row) => row.id),
  );
  const now = deps.now();
  return toListPage(rows, page.limit, (row) => showcaseView(row, items.get(row.id) ?? [], now));
}

const windowRefused = () =>
  new ServiceError('invalid_window', '終了日時は開始日時より後にしてください。', [
    { path: 'endsAt', message: '終了日時は開始日時より後にしてください' },
  ]);

export async function createShowcase(
  deps: AppDeps,
  input: ShowcaseInput,
  actor: StaffActor,
): Promise<AdminShowcase> {
  return contentWrite(deps, async (tx, now) => {
    const { productIds, startsAt, endsAt, ...text } = input;
    const [row] = await tx
      .insert(showcases)
      .values({ ...text, startsAt: instant(startsAt), endsAt: instant(endsAt) })
      .returning();
    if (!row) throw new Error('showcase insert returned no row');
    await replaceShowcaseProducts(tx, row.id, productIds);
    await recordAudit(
      tx,
      actor,
      {
        action: 'showcase.create',
        targetType: 'showcase',
        targetId: row.id,
        before: null,
        after: showcaseRecord(row, productIds),
      },
      now,
    );
    return showcaseView(row, productIds, now);
  });
}

export async function updateShowcase(
  deps: AppDeps,
  id: number,
  patch: Partial<ShowcaseInput>,
  actor: StaffActor,
): Promise<AdminShowcase> {
  return contentWrite(deps, async (tx, now) => {
    const [before] = await tx.select().from(showcases).where(eq(showcases.id, id)).for('update');
    if (!before) throw SHOWCASE_NOT_FOUND();
    const beforeProducts = (await showcaseProductIds(tx, [id])).get(id) ?? [];
    const { productIds, startsAt, endsAt, ...text } = patch;
    const window = {
      startsAt: startsAt === undefined ? before.startsAt : instant(startsAt),
      endsAt: endsAt === undefined ? before.endsAt : instant(endsAt),
    };
    if (window.startsAt && window.endsAt && window.endsAt <= window.startsAt) {
      throw windowRefused();
    }
    const [after] = await tx
      .update(showcases)
      .set({ ...text, ...window })
      .where(eq(showcases.id, id))
      .returning();
    if (!after) throw SHOWCASE_NOT_FOUND();
    if (productIds !== undefined) await replaceShowcaseProducts(tx, id, productIds);
    const afterProducts = productIds ?? beforeProducts;
    await recordAudit(
      tx,
      actor,
      {
        action: 'showcase.update',
        targetType: 'showcase',
        targetId: id,
        ...changedFields(
          showcaseRecord(before, beforeProducts),
          showcaseRecord(after, afterProducts),
        ),
      },
      now,
    );
    return showcaseView(after, afterProducts, now);
  });
}

export async function deleteShowcase(deps: AppDeps, id: number, actor: StaffActor) {
  await contentWrite(deps, async (tx, now) => {
    const productIds = (await showcaseProductIds(tx, [id])).get(id) ?? [];
    // Its products go with it (ON DELETE CASCADE), and its place on the banners.
    const [gone] = await tx.delete(showcases).where(eq(showcases.id, id)).returning();
    if (!gone) throw SHOWCASE_NOT_FOUND();
    await recordAudit(
      tx,
      actor,
      {
        action: 'showcase.delete',
        targetType: 'showcase',
        targetId: id,
        before: { ...showcaseRecord(gone, productIds), bannerPosition: gone.bannerPosition },
        after: null,
      },
      now,
    );
  });
}

// ── the top page's banners ──

async function bannerRows(db: Tx | AppDeps['db']['orm']) {
  return db
    .select()
    .from(showcases)
    .where(isNotNull(showcases.bannerPosition))
    .orderBy(asc(showcases.bannerPosition));
}

function bannerList(rows: Showcase[], now: Date): BannerList {
  return {
    items: rows.map((row) => ({
      position: row.bannerPosition ?? 0,
      showcaseId: row.id,
      slug: row.slug,
      title: row.title,
      image: row.image,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      state: showcaseState(row, now),
    })),
  };
}

/** The showcases placed on the top page's banners, in their order. */
export async function listBanners(deps: AppDeps): Promise<BannerList> {
  return bannerList(await bannerRows(deps.db.orm), deps.now());
}

/**
 * Places exactly these showcases on the top page's banners, in this order (1 first), and takes
 * every other one off: one write, one audit entry with the order before and after.
 */
export async function setBannerOrder(
  deps: AppDeps,
  showcaseIds: number[],
  actor: StaffActor,
): Promise<BannerList> {
  return contentWrite(deps, async (tx, now) => {
    // Two reorders at once queue on the revision's row lock (contentWrite): the later one wins.
    const before = await bannerRows(tx);
    if (showcaseIds.length > 0) {
      const found = await tx
        .select({ id: showcases.id })
        .from(showcases)
        .where(inArray(showcases.id, showcaseIds));
      const known = new Set(found.map((row) => row.id));
      const missing = showcaseIds.filter((id) => !known.has(id));
      if (missing.length > 0) {
        throw new ServiceError(
          'showcase_not_found',
          `指定の特集が見つかりません（ID: ${missing.join(', ')}）。`,
        );
      }
    }
    await tx
      .update(showcases)
      .set({ bannerPosition: null })
      .where(isNotNull(showcases.bannerPosition));
    for (const [index, id] of showcaseIds.entries()) {
      await tx
        .update(showcases)
        .set({ bannerPosition: index + 1 })
        .where(eq(showcases.id, id));
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'banner.reorder',
        targetType: 'banner',
        targetId: null,
        before: { showcaseIds: before.map((row) => row.id) },
        after: { showcaseIds },
      },
      now,
    );
    return bannerList(await bannerRows(tx), now);
  });
}

// ── the signed-book gallery ──

const GALLERY_NOT_FOUND = () =>
  new ServiceError('gallery_entry_not_found', '指定のサイン本は見つかりませんでした。');

function galleryView(row: GalleryEntry, now: Date): AdminGalleryEntry {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    image: row.image,
    authorId: row.authorId,
    productId: row.productId,
    publishedAt: iso(row.publishedAt),
    state: publicationState(row.publishedAt, now),
  };
}

const galleryRecord = (row: GalleryEntry) => ({
  slug: row.slug,
  title: row.title,
  body: row.body,
  image: row.image,
  authorId: row.authorId,
  productId: row.productId,
  publishedAt: iso(row.publishedAt),
});

/** Refuses an author or product id that names nothing. */
async function checkGalleryLinks(tx: Tx, input: Partial<GalleryInput>): Promise<void> {
  if (input.authorId != null) {
    const [author] = await tx
      .select({ id: authors.id })
      .from(authors)
      .where(eq(authors.id, input.authorId));
    if (!author) {
      throw new ServiceError('author_not_found', '指定の作者が見つかりません。', [
        { path: 'authorId', message: `作者ID ${input.authorId} は存在しません` },
      ]);
    }
  }
  if (input.productId != null) await checkProducts(tx, [input.productId]);
}

export async function listAdminGallery(
  deps: AppDeps,
  page: { limit: number; after?: number },
): Promise<ListPage<AdminGalleryEntry>> {
  const rows = await deps.db.orm
    .select()
    .from(galleryEntries)
    .where(page.after === undefined ? undefined : lt(galleryEntries.id, page.after))
    .orderBy(desc(galleryEntries.id))
    .limit(page.limit + 1);
  const now = deps.now();
  return toListPage(rows, page.limit, (row) => galleryView(row, now));
}

export async function createGalleryEntry(
  deps: AppDeps,
  input: GalleryInput,
  actor: StaffActor,
): Promise<AdminGalleryEntry> {
  return contentWrite(deps, async (tx, now) => {
    await checkGalleryLinks(tx, input);
    const [row] = await tx
      .insert(galleryEntries)
      .values({ ...input, publishedAt: instant(input.publishedAt) })
      .returning();
    if (!row) throw new Error('gallery insert returned no row');
    await recordAudit(
      tx,
      actor,
      {
        action: 'gallery.create',
        targetType: 'gallery_entry',
        targetId: row.id,
        before: null,
        after: galleryRecord(row),
      },
      now,
    );
    return galleryView(row, now);
  });
}

export async function updateGalleryEntry(
  deps: AppDeps,
  id: number,
  patch: Partial<GalleryInput>,
  actor: StaffActor,
): Promise<AdminGalleryEntry> {
  return contentWrite(deps, async (tx, now) => {
    const [before] = await tx
      .select()
      .from(galleryEntries)
      .where(eq(galleryEntries.id, id))
      .for('update');
    if (!before) throw GALLERY_NOT_FOUND();
    await checkGalleryLinks(tx, patch);
    const { publishedAt, ...rest } = patch;
    const [after] = await tx
      .update(galleryEntries)
      .set({ ...rest, ...(publishedAt === undefined ? {} : { publishedAt: instant(publishedAt) }) })
      .where(eq(galleryEntries.id, id))
      .returning();
    if (!after) throw GALLERY_NOT_FOUND();
    await recordAudit(
      tx,
      actor,
      {
        action: 'gallery.update',
        targetType: 'gallery_entry',
        targetId: id,
        ...changedFields(galleryRecord(before), galleryRecord(after)),
      },
      now,
    );
    return galleryView(after, now);
  });
}

export async function deleteGalleryEntry(deps: AppDeps, id: number, actor: StaffActor) {
  await contentWrite(deps, async (tx, now) => {
    const [gone] = await tx.delete(galleryEntries).where(eq(galleryEntries.id, id)).returning();
    if (!gone) throw GALLERY_NOT_FOUND();
    await recordAudit(
      tx,
      actor,
      {
        action: 'gallery.delete',
        targetType: 'gallery_entry',
        targetId: id,
        before: galleryRecord(gone),
        after: null,
      },
      now,
    );
  });
}
