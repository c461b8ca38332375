import { Hono } from 'hono';
import * as z from 'zod';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import {
  authorDetailSchema,
  galleryDetailSchema,
  galleryPageSchema,
  newsDetailSchema,
  newsPageSchema,
  seriesDetailSchema,
  showcaseDetailSchema,
  showcaseSummarySchema,
} from '../schemas/content';
import { pageQuery, slugParam } from '../schemas/params';
import {
  CONTENT_PAGE_SIZE,
  getAuthor,
  getGalleryEntry,
  getNews,
  getSeries,
  getShowcase,
  listGallery,
  listNews,
  listShowcases,
} from '../services/content';

/** What `publishedItem` serves: one item by its slug, as the shop's clock has it published. */
interface PublishedItem<T> {
  summary: string;
  response: z.ZodType;
  /** The 404's line in the OpenAPI document. */
  notFound: string;
  read: (db: Database, slug: string, now: Date) => Promise<T | null>;
  /** The 404's Japanese message. */
  missing: string;
}

/** GET /:slug/ of one published item (news, showcase, gallery entry), or 404 `not_found`. */
function publishedItem<T extends object>(deps: AppDeps, item: PublishedItem<T>) {
  return new Hono().get(
    '/:slug/',
    documented({
      tag: 'content',
      summary: item.summary,
      response: item.response,
      errors: { 404: item.notFound },
    }),
    validate('param', slugParam),
    async (c) => {
      const found = await item.read(deps.db, c.req.valid('param').slug, deps.now());
      if (!found) throw notFound(item.missing);
      return c.json(found);
    },
  );
}

/** GET /api/news/?page= and /api/news/{slug}/. */
export function newsRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({ tag: 'content', summary: 'Published news', response: newsPageSchema }),
      validate('query', pageQuery),
      async (c) =>
        c.json(await listNews(deps.db, c.req.valid('query').page, CONTENT_PAGE_SIZE, deps.now())),
    )
    .route(
      '/',
      publishedItem(deps, {
        summary: 'One news entry',
        response: newsDetailSchema,
        notFound: '`not_found`: no such entry, or not published yet',
        read: getNews,
        missing: 'お探しのお知らせは見つかりませんでした。',
      }),
    );
}

/** GET /api/showcases/ (running now) and /api/showcases/{slug}/ with its products. */
export function showcaseRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'content',
        summary: 'Showcases running now',
        response: z.object({ items: z.array(showcaseSummarySchema) }),
      }),
      async (c) => c.json({ items: await listShowcases(deps.db, deps.now()) }),
    )
    .route(
      '/',
      publishedItem(deps, {
        summary: 'A showcase with its products',
        response: showcaseDetailSchema,
        notFound: '`not_found`: no such showcase',
        read: getShowcase,
        missing: 'お探しの特集は見つかりませんでした。',
      }),
    );
}

/** GET /api/gallery/?page= and /api/gallery/{slug}/ (サイン本ギャラリー). */
export function galleryRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({ tag: 'content', summary: 'Signed-book gallery', response: galleryPageSchema }),
      validate('query', pageQuery),
      async (c) =>
        c.json(
          await listGallery(deps.db, c.req.valid('query').page, CONTENT_PAGE_SIZE, deps.now()),
        ),
    )
    .route(
      '/',
      publishedItem(deps, {
        summary: 'One signed-book entry',
        response: galleryDetailSchema,
        notFound: '`not_found`: no such entry, or not published yet',
        read: getGalleryEntry,
        missing: 'お探しのサイン本は見つかりませんでした。',
      }),
    );
}

/** GET /api/series/{slug}/?page=: a series (シリーズ) and its products. */
export function seriesRoutes(deps: AppDeps) {
  return new Hono().get(
    '/:slug/',
    documented({
      tag: 'content',
      summary: 'A series and its products',
      response: seriesDetailSchema,
      errors: { 404: '`not_found`: no such series' },
    }),
    validate('param', slugParam),
    validate('query', pageQuery),
    async (c) => {
      const series = await getSeries(
        deps.db,
        c.req.valid('param').slug,
        c.req.valid('query').page,
        deps.now(),
      );
      if (!series) throw notFound('お探しのシリーズは見つかりませんでした。');
      return c.json(series);
    },
  );
}

/** GET /api/authors/{slug}/?page=: an author or circle (作者) and their products. */
export function authorRoutes(deps: AppDeps) {
  return new Hono().get(
    '/:slug/',
    documented({
      tag: 'content',
      summary: 'An author or circle and their products',
      response: authorDetailSchema,
      errors: { 404: '`not_found`: no such author or circle' },
    }),
    validate('param', slugParam),
    validate('query', pageQuery),
    async (c) => {
      const author = await getAuthor(
        deps.db,
        c.req.valid('param').slug,
        c.req.valid('query').page,
        deps.now(),
      );
      if (!author) throw notFound('お探しの作者は見つかりませんでした。');
      return c.json(author);
    },
  );
}
