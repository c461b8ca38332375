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
import { changedFields, recordAudit } from '../staff/audit';
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

type Showcase = typeof showcases.$inferSelect;

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

// ── one kind of content: list, create, edit, delete ──

type ContentTable = typeof news | typeof showcases | typeof galleryEntries;
type Row<T extends ContentTable> = T['$inferSelect'];
type Db = Tx | AppDeps['db']['orm'];

/**
 * A kind of content the back office lists, creates, edits and deletes the same way (news,
 * showcases, gallery entries): its table, how its input becomes columns, what the audit log keeps
 * and what the back office sees. `Extra` is what it keeps in another table beside its row (a
 * showcase's products); the others have none.
 */
interface ContentKind<T extends ContentTable, Input, View, Extra = undefined> {
  table: T;
  /** The audit entry's `<area>.create|update|delete` and its target type. */
  audit: { area: string; targetType: string };
  notFound: () => ServiceError;
  /** The row's columns from an input or a patch (a patch applies on `before`). */
  columns: (input: Partial<Input>, before?: Row<T>) => Partial<T['$inferInsert']>;
  view: (row: Row<T>, extra: Extra, now: Date) => View;
  /** What the audit log keeps of an entry. */
  record: (row: Row<T>, extra: Extra) => Record<string, unknown>;
  /** What the audit log keeps of a deleted entry, when more than `record`. */
  removedRecord?: (row: Row<T>, extra: Extra) => Record<string, unknown>;
  /** Refuses an input naming what does not exist, before it is written. */
  check?: (tx: Tx, input: Partial<Input>) => Promise<void>;
  extra: {
    /** The entries' extras, by id. */
    load: (db: Db, ids: number[]) => Promise<Map<number, Extra>>;
    /** Writes the input's extra for an entry, and answers it (undefined: the patch kept it). */
    save: (tx: Tx, id: number, input: Partial<Input>) => Promise<Extra | undefined>;
    none: Extra;
  };
}

/** No extra: the entry is its row. */
const NO_EXTRA = {
  load: async () => new Map<number, undefined>(),
  save: async () => undefined,
  none: undefined,
};

/**
 * The kind's table as drizzle's query builder takes it: it cannot type a query on a table chosen
 * by a type parameter, so the generic functions below see one of the three and cast their rows
 * back (each descriptor's own types are checked where it is written).
 */
const tableOf = <T extends ContentTable>(kind: { table: T }) => kind.table as typeof news;

async function extraOf<T extends ContentTable, I, V, E>(
  kind: ContentKind<T, I, V, E>,
  db: Db,
  id: number,
): Promise<E> {
  return (await kind.extra.load(db, [id])).get(id) ?? kind.extra.none;
}

/** Every entry of a kind, drafts and scheduled ones included, newest created first. */
async function listContent<T extends ContentTable, I, V, E>(
  deps: AppDeps,
  kind: ContentKind<T, I, V, E>,
  page: { limit: number; after?: number },
): Promise<ListPage<V>> {
  const table = tableOf(kind);
  const rows = (await deps.db.orm
    .select()
    .from(table)
    .where(page.after === undefined ? undefined : lt(table.id, page.after))
    .orderBy(desc(table.id))
    .limit(page.limit + 1)) as Row<T>[];
  const extras = await kind.extra.load(
    deps.db.orm,
    rows.slice(0, page.limit).map((row) => row.id),
  );
  const now = deps.now();
  return toListPage(rows, page.limit, (row) =>
    kind.view(row, extras.get(row.id) ?? kind.extra.none, now),
  );
}

async function createContent<T extends ContentTable, I, V, E>(
  deps: AppDeps,
  kind: ContentKind<T, I, V, E>,
  input: I,
  actor: StaffActor,
): Promise<V> {
  return contentWrite(deps, async (tx, now) => {
    await kind.check?.(tx, input);
    const [row] = (await tx
      .insert(tableOf(kind))
      .values(kind.columns(input) as typeof news.$inferInsert)
      .returning()) as Row<T>[];
    if (!row) throw new Error(`${kind.audit.targetType} insert returned no row`);
    const extra = (await kind.extra.save(tx, row.id, input)) ?? kind.extra.none;
    await recordAudit(
      tx,
      actor,
      {
        action: `${kind.audit.area}.create`,
        targetType: kind.audit.targetType,
        targetId: row.id,
        before: null,
        after: kind.record(row, extra),
      },
      now,
    );
    return kind.view(row, extra, now);
  });
}

async function updateContent<T extends ContentTable, I, V, E>(
  deps: AppDeps,
  kind: ContentKind<T, I, V, E>,
  id: number,
  patch: Partial<I>,
  actor: StaffActor,
): Promise<V> {
  const table = tableOf(kind);
  return contentWrite(deps, async (tx, now) => {
    const [before] = (await tx
      .select()
      .from(table)
      .where(eq(table.id, id))
      .for('update')) as Row<T>[];
    if (!before) throw kind.notFound();
    const beforeExtra = await extraOf(kind, tx, id);
    await kind.check?.(tx, patch);
    const [after] = (await tx
      .update(table)
      .set(kind.columns(patch, before))
      .where(eq(table.id, id))
      .returning()) as Row<T>[];
    if (!after) throw kind.notFound();
    const afterExtra = (await kind.extra.save(tx, id, patch)) ?? beforeExtra;
    await recordAudit(
      tx,
      actor,
      {
        action: `${kind.audit.area}.update`,
        targetType: kind.audit.targetType,
        targetId: id,
        ...changedFields(kind.record(before, beforeExtra), kind.record(after, afterExtra)),
      },
      now,
    );
    return kind.view(after, afterExtra, now);
  });
}

async function deleteContent<T extends ContentTable, I, V, E>(
  deps: AppDeps,
  kind: ContentKind<T, I, V, E>,
  id: number,
  actor: StaffActor,
): Promise<void> {
  const table = tableOf(kind);
  await contentWrite(deps, async (tx, now) => {
    // The extra goes with the row (ON DELETE CASCADE): read it first, for the audit entry.
    const extra = await extraOf(kind, tx, id);
    const [gone] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row<T>[];
    if (!gone) throw kind.notFound();
    await recordAudit(
      tx,
      actor,
      {
        action: `${kind.audit.area}.delete`,
        targetType: kind.audit.targetType,
        targetId: id,
        before: (kind.removedRecord ?? kind.record)(gone, extra),
        after: null,
      },
      now,
    );
  });
}

/** A kind's list, create, edit and delete, as its routes call them (content-routes.ts). */
function contentService<T extends ContentTable, I, V, E>(kind: ContentKind<T, I, V, E>) {
  return {
    list: (deps: AppDeps, page: { limit: number; after?: number }) => listContent(deps, kind, page),
    create: (deps: AppDeps, input: I, actor: StaffActor) => createContent(deps, kind, input, actor),
    update: (deps: AppDeps, id: number, patch: Partial<I>, actor: StaffActor) =>
      updateContent(deps, kind, id, patch, actor),
    remove: (deps: AppDeps, id: number, actor: StaffActor) => deleteContent(deps, kind, id, actor),
  };
}

/** A publication date from the input, when the input has one. */
const publishedColumn = (publishedAt: string | null | undefined) =>
  publishedAt === undefined ? {} : { publishedAt: instant(publishedAt) };

// ── news ──

/** A news item as its view and its audit entries show it (the view adds its id and state). */
const newsRecord = (row: typeof news.$inferSelect) => ({
  slug: row.slug,
  title: row.title,
  category: row.category,
  body: row.body,
  publishedAt: iso(row.publishedAt),
});

const NEWS: ContentKind<typeof news, NewsInput, AdminNews> = {
  table: news,
  audit: { area: 'news', targetType: 'news' },
  notFound: () => new ServiceError('news_not_found', '指定のお知らせは見つかりませんでした。'),
  columns: ({ publishedAt, ...text }) => ({ ...text, ...publishedColumn(publishedAt) }),
  view: (row, _, now) => ({
    id: row.id,
    ...newsRecord(row),
    state: publicationState(row.publishedAt, now),
  }),
  record: newsRecord,
  extra: NO_EXTRA,
};

export const newsService = contentService(NEWS);

// ── showcases ──

async function showcaseProductIds(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number[]>();
  const rows = await db
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

const windowRefused = () =>
  new ServiceError('invalid_window', '終了日時は開始日時より後にしてください。', [
    { path: 'endsAt', message: '終了日時は開始日時より後にしてください' },
  ]);

const showcaseRecord = (row: Showcase, productIds: number[]) => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  image: row.image,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  productIds,
});

const SHOWCASES: ContentKind<typeof showcases, ShowcaseInput, AdminShowcase, number[]> = {
  table: showcases,
  audit: { area: 'showcase', targetType: 'showcase' },
  notFound: () => new ServiceError('showcase_not_found', '指定の特集は見つかりませんでした。'),
  columns: ({ productIds: _, startsAt, endsAt, ...text }, before) => {
    // A patch's window is checked against the stored one (the schema sees only the patch's).
    const window = {
      startsAt: startsAt === undefined ? before?.startsAt : instant(startsAt),
      endsAt: endsAt === undefined ? before?.endsAt : instant(endsAt),
    };
    if (window.startsAt && window.endsAt && window.endsAt <= window.startsAt) {
      throw windowRefused();
    }
    return { ...text, ...window };
  },
  view: (row, productIds, now) => ({
    id: row.id,
    ...showcaseRecord(row, productIds),
    bannerPosition: row.bannerPosition,
    state: showcaseState(row, now),
  }),
  record: showcaseRecord,
  // Deleting one takes it off the banners too.
  removedRecord: (row, productIds) => ({
    ...showcaseRecord(row, productIds),
    bannerPosition: row.bannerPosition,
  }),
  extra: {
    load: showcaseProductIds,
    save: async (tx, id, { productIds }) => {
      if (productIds === undefined) return undefined;
      await replaceShowcaseProducts(tx, id, productIds);
      return productIds;
    },
    none: [],
  },
};

export const showcaseService = contentService(SHOWCASES);

// ── the top page's banners ──

async function bannerRows(db: Db) {
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

/** A gallery entry as its view and its audit entries show it (the view adds its id and state). */
const galleryRecord = (row: typeof galleryEntries.$inferSelect) => ({
  slug: row.slug,
  title: row.title,
  body: row.body,
  image: row.image,
  authorId: row.authorId,
  productId: row.productId,
  publishedAt: iso(row.publishedAt),
});

const GALLERY: ContentKind<typeof galleryEntries, GalleryInput, AdminGalleryEntry> = {
  table: galleryEntries,
  audit: { area: 'gallery', targetType: 'gallery_entry' },
  notFound: () =>
    new ServiceError('gallery_entry_not_found', '指定のサイン本は見つかりませんでした。'),
  columns: ({ publishedAt, ...rest }) => ({ ...rest, ...publishedColumn(publishedAt) }),
  view: (row, _, now) => ({
    id: row.id,
    ...galleryRecord(row),
    state: publicationState(row.publishedAt, now),
  }),
  record: galleryRecord,
  check: checkGalleryLinks,
  extra: NO_EXTRA,
};

export const galleryService = contentService(GALLERY);
