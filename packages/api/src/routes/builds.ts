import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';

/**
 * The storefront's new-build check (SPEC section 7): GET /_app/builds/latest.json (fetched with a
 * timestamp query, never cached) names the current build; GET /_app/builds/meta/{id}.json
 * describes one build. The build comes from configuration: the storefront's server puts its
 * client build's build.json there; the API alone reads BUILD_ID and BUILD_TIMESTAMP.
 */
export function buildRoutes(deps: AppDeps) {
  const { id, timestamp } = deps.config.build;
  return new Hono()
    .get('/latest.json', (c) => {
      c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
      return c.json({ id, timestamp });
    })
    .get('/meta/:file', (c) => {
      if (c.req.param('file') !== `${id}.json`)
        throw notFound('このビルドは見つかりませんでした。');
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      return c.json({ id, timestamp, prerendered: [] });
    });
}
