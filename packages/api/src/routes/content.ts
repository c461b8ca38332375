import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { validate } from '../lib/validate';
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
    .get('/', validate('query', pageQuery), async (c) =>
      c.json(await listNews(deps.db, c.req.valid('query').page, CONTENT_PAGE_SIZE, deps.now())),
    )
    .get('/:slug/', validate('param', slugParam), async (c) => {
      const news = await getNews(deps.db, c.req.valid('param').slug, deps.now());
      if (!news) throw notFound('お探しのお知らせは見つかりませんでした。');
      return c.json(news);
    });
}

/** GET /api/showcases/ (running now) and /api/showcases/{slug}/ with its products. */
export function showcaseRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', async (c) => c.json({ items: await listShowcases(deps.db, deps.now()) }))
    .get('/:slug/', validate('param', slugParam), async (c) => {
      const showcase = await getShowcase(deps.db, c.req.valid('param').slug, deps.now());
      if (!showcase) throw notFound('お探しの特集は見つかりませんでした。');
      return c.json(showcase);
    });
}

/** GET /api/gallery/?page= and /api/gallery/{slug}/ (サイン本ギャラリー). */
export function galleryRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', validate('query', pageQuery), async (c) =>
      c.json(await listGallery(deps.db, c.req.valid('query').page, CONTENT_PAGE_SIZE, deps.now())),
    )
    .get('/:slug/', validate('param', slugParam), async (c) => {
      const entry = await getGalleryEntry(deps.db, c.req.valid('param').slug, deps.now());
      if (!entry) throw notFound('お探しのサイン本は見つかりませんでした。');
      return c.json(entry);
    });
}

/** GET /api/series/{slug}/?page=: a series (シリーズ) and its products. */
export function seriesRoutes(deps: AppDeps) {
  return new Hono().get(
    '/:slug/',
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
