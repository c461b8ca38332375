import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { documented } from '../lib/route-doc';

const buildSchema = z.object({ id: z.string(), timestamp: z.int() });

/**
 * The storefront's new-build check (docs/spec.md §7): GET /_app/builds/latest.json (fetched with a
 * timestamp query, never cached) names the current build; GET /_app/builds/meta/{id}.json
 * describes one build. The build comes from configuration: the storefront's server puts its
 * client build's build.json there; the API alone reads BUILD_ID and BUILD_TIMESTAMP.
 */
export function buildRoutes(deps: AppDeps) {
  const { id, timestamp } = deps.config.build;
  return new Hono()
    .get(
      '/latest.json',
      documented({
        tag: 'system',
        summary: 'The current storefront build (never cached)',
        response: buildSchema,
        database: false,
      }),
      (c) => {
        c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
        return c.json({ id, timestamp });
      },
    )
    .get(
      '/meta/:file',
      documented({
        tag: 'system',
        summary: 'Metadata of one build',
        params: z.object({
          file: z.string().meta({ description: 'The build id followed by `.json`' }),
        }),
        parsedBy: 'the handler, which compares it with the current build',
        response: buildSchema.extend({ prerendered: z.array(z.string()) }),
        errors: { 404: '`not_found`: not the current build' },
        database: false,
      }),
      (c) => {
        if (c.req.param('file') !== `${id}.json`)
          throw notFound('このビルドは見つかりませんでした。');
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        return c.json({ id, timestamp, prerendered: [] });
      },
    );
}
