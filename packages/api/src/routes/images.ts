import { join } from 'node:path';
import { parseImageParams } from '@shop/rules';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { ApiError, notFound } from '../errors';
import { CONTENT_TYPES, ImageCache } from '../images/render';
import { resolveImageSource } from '../images/sources';

/** Rendered images never change for a given URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const IMAGE_NOT_SERVED = 'この画像は配信していません。';

function imageCache(deps: AppDeps): ImageCache {
  return new ImageCache(join(deps.config.dataDir, 'image-cache'));
}

/**
 * GET /_image?url=&w=&q=&f=: a catalog image resized and re-encoded, parameters as
 * @shop/rules imageUrl builds them and parseImageParams validates them.
 */
export function imageRoutes(deps: AppDeps) {
  const cache = imageCache(deps);
  return new Hono().get('/', async (c) => {
    const parsed = parseImageParams(new URL(c.req.url).searchParams);
    if (!parsed.ok) throw new ApiError(400, `image_${parsed.reason}`, parsed.message);
    const { url, width, quality, format } = parsed.value;
    const source = await resolveImageSource(deps.db, url);
    if (!source) throw notFound(IMAGE_NOT_SERVED);
    const data = await cache.get({ name: source.name, width, quality, format });
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': CONTENT_TYPES[format],
      'Cache-Control': IMMUTABLE,
    });
  });
}

/** GET /covers/{name}[_240|_600].png: the source images /_image resizes. */
export function coverRoutes(deps: AppDeps) {
  const cache = imageCache(deps);
  return new Hono().get('/:file', async (c) => {
    const source = await resolveImageSource(deps.db, `/covers/${c.req.param('file')}`);
    if (!source) throw notFound(IMAGE_NOT_SERVED);
    const data = await cache.get({
      name: source.name,
      width: source.width,
      quality: 100,
      format: 'png',
    });
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': IMMUTABLE,
    });
  });
}
