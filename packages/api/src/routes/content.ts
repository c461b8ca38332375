import { Hono } from 'hono';
import * as z from 'zod';
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
    .get(
      '/:slug/',
      documented({
        tag: 'content',
        summary: 'One news entry',
        response: newsDetailSchema,
        errors: { 404: '`not_found`: no such entry, or not published yet' },
      }),
      validate('param', slugParam),
      async (c) => {
        const news = await getNews(deps.db, c.req.valid('param').slug, deps.now());
        if (!news) throw notFound('お探しのお知らせは見つかりませんでした。');
        return c.json(news);
      },
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
    .get(
      '/:slug/',
      documented({
        tag: 'content',
        summary: 'A showcase with its products',
        response: showcaseDetailSchema,
        errors: { 404: '`not_found`: no such showcase' },
      }),
      validate('param', slugParam),
      async (c) => {
        const showcase = await getShowcase(deps.db, c.req.valid('param').slug, deps.now());
        if (!showcase) throw notFound('お探しの特集は見つかりませんでした。');
        return c.json(showcase);
      },
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
    .get(
      '/:slug/',
      documented({
        tag: 'content',
        summary: 'One signed-book entry',
        response: galleryDetailSchema,
        errors: { 404: '`not_found`: no such entry, or not published yet' },
      }),
      validate('param', slugParam),
      async (c) => {
        const entry = await getGalleryEntry(deps.db, c.req.valid('param').slug, deps.now());
        if (!entry) throw notFound('お探しのサイン本は見つかりませんでした。');
        return c.json(entry);
      },
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
