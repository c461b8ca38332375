import { join } from 'node:path';
import { IMAGE_FORMATS, IMAGE_WIDTHS, parseImageParams } from '@shop/rules';
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { ApiError, notFound, ThrottledError } from '../errors';
import { type CachedImage, CONTENT_TYPES, ImageCache } from '../images/render';
import { type ImageSource, resolveImageSource, uploadedCover } from '../images/sources';
import { canonicalImageUrl } from '../images/variants';
import { documented } from '../lib/route-doc';
import { WorkGate } from '../lib/work-gate';

/** Rendered images never change for a given URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where a spelling of a variant points may change with the quality steps: a day. */
const CANONICAL_REDIRECT = 'public, max-age=86400';
/**
 * How long a client turned away should wait: a queue place frees when one render ends, and the
 * slowest (AVIF 1536 px wide) took about 4 s on a 2-core machine.
 */
const RETRY_AFTER_SECONDS = 5;

const IMAGE_NOT_SERVED = 'この画像は配信していません。';
const IMAGE_BUSY = '画像の生成が混み合っています。しばらくしてから再度お試しください。';

/** The image parameters as @shop/rules parseImageParams reads them. */
const imageQueryDoc = z.object({
  url: z.string().meta({ description: 'A catalog image path, e.g. /covers/040000000001_240.png' }),
  w: z.union(IMAGE_WIDTHS.map((w) => z.literal(w))),
  q: z.int().min(1).max(100).optional(),
  f: z.enum(IMAGE_FORMATS).optional(),
});

/** How the OpenAPI document says what an image answer and its refusals are. */
const DOC = {
  immutable: 'Cached for a year (`Cache-Control: public, max-age=31536000, immutable`)',
  notServed: '`not_found`: not an image the shop serves',
  busy: '`image_busy` with `Retry-After` (seconds): every render slot and queue place is taken (IMAGE_RENDER_CONCURRENCY, IMAGE_RENDER_QUEUE)',
};

// One cache and one gate per app, shared by /_image and /covers/: the bound is on the process's
// render threads, whichever route asks.
const caches = new WeakMap<AppDeps, ImageCache>();

function imageCache(deps: AppDeps): ImageCache {
  let cache = caches.get(deps);
  if (!cache) {
    const { renderConcurrency, renderQueue, cacheMaxBytes } = deps.config.images;
    const gate = new WorkGate({ concurrency: renderConcurrency, queue: renderQueue });
    deps.metrics?.watchGate('image_render', gate);
    cache = new ImageCache(join(deps.config.dataDir, 'image-cache'), cacheMaxBytes, gate);
    caches.set(deps, cache);
  }
  return cache;
}

/** How an image's source is read: an uploaded cover from the database, else generated. */
function originalOf(deps: AppDeps, source: ImageSource) {
  return source.uploaded ? () => uploadedCover(deps.db, source.name) : undefined;
}

function imageResponse(c: Context, image: CachedImage, contentType: string): Response {
  if (image.status === 'busy') {
    throw new ThrottledError(503, 'image_busy', IMAGE_BUSY, RETRY_AFTER_SECONDS);
  }
  return c.body(new Uint8Array(image.data), 200, {
    'Content-Type': contentType,
    'Cache-Control': IMMUTABLE,
  });
}

/**
 * GET /_image?url=&w=&q=&f=: a catalog image resized and re-encoded, parameters as
 * @shop/rules imageUrl builds them and parseImageParams validates them. Any other spelling of
 * the same variant (another quality that renders the same, parameters in another order or
 * left to their defaults) is redirected to the canonical URL.
 */
export function imageRoutes(deps: AppDeps) {
  const cache = imageCache(deps);
  return new Hono().get(
    '/',
    documented({
      tag: 'media',
      summary: 'A catalog image resized and re-encoded',
      query: imageQueryDoc,
      parsedBy: '@shop/rules parseImageParams',
      binary: {
        mediaType: 'image/*',
        description: `image/webp, image/avif, image/jpeg or image/png as \`f\` asks. ${DOC.immutable}`,
      },
      redirect:
        'Another spelling of the variant (a quality between the rendered steps, a PNG or AVIF quality that renders the same, parameters in another order, defaults left out): `Location` is the canonical URL @shop/rules imageUrl writes',
      errors: {
        400: '`image_missing-url`, `image_invalid-width`, ...: parameters @shop/rules parseImageParams refuses',
        404: DOC.notServed,
        503: DOC.busy,
      },
    }),
    async (c) => {
      const requested = new URL(c.req.url);
      const parsed = parseImageParams(requested.searchParams);
      if (!parsed.ok) throw new ApiError(400, `image_${parsed.reason}`, parsed.message);
      const canonical = canonicalImageUrl(parsed.value);
      // Compared as the URL parser spells both, so a character it escapes cannot loop.
      const target = new URL(canonical, requested);
      if (target.pathname !== requested.pathname || target.search !== requested.search) {
        c.header('Cache-Control', CANONICAL_REDIRECT);
        return c.redirect(canonical, 301);
      }
      const { url, width, quality, format } = parsed.value;
      const source = await resolveImageSource(deps.db, url);
      if (!source) throw notFound(IMAGE_NOT_SERVED);
      const image = await cache.get(
        { name: source.name, width, quality, format, original: originalOf(deps, source) },
        c.req.raw.signal,
      );
      return imageResponse(c, image, CONTENT_TYPES[format]);
    },
  );
}

/** GET /covers/{name}[_240|_600].png: the source images /_image resizes. */
export function coverRoutes(deps: AppDeps) {
  const cache = imageCache(deps);
  return new Hono().get(
    '/:file',
    documented({
      tag: 'media',
      summary: 'A source image /_image resizes: a cover, showcase or gallery image',
      params: z.object({
        file: z.string().meta({
          description:
            '`{name}.png` (600 px wide), `{name}_240.png` or `{name}_600.png`; the name is a product slug, `showcase-{n}` or `gallery-{n}`',
        }),
      }),
      parsedBy: 'the handler, which looks the image up in the catalog',
      binary: { mediaType: 'image/png', description: `The PNG image. ${DOC.immutable}` },
      errors: { 404: DOC.notServed, 503: DOC.busy },
    }),
    async (c) => {
      const source = await resolveImageSource(deps.db, `/covers/${c.req.param('file')}`);
      if (!source) throw notFound(IMAGE_NOT_SERVED);
      const image = await cache.get(
        {
          name: source.name,
          width: source.width,
          quality: 100,
          format: 'png',
          original: originalOf(deps, source),
        },
        c.req.raw.signal,
      );
      return imageResponse(c, image, CONTENT_TYPES.png);
    },
  );
}
