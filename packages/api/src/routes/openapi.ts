import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import * as z from 'zod';
import { documented, routeDocsOf } from '../lib/route-doc';
import { openApiDocument } from '../openapi';

/** What GET /api/openapi.json answers: the document (its parts are OpenAPI's own). */
const openApiDocumentSchema = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
    servers: z.array(z.object({ url: z.string(), description: z.string() })),
    tags: z.array(z.object({ name: z.string(), description: z.string() })),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()),
  })
  .meta({ description: 'An OpenAPI 3.1 document' });

/**
 * GET /api/openapi.json: the OpenAPI document of the app's routes (`appRoutes`, read at the
 * first request, when every route is registered), built once.
 */
export function openApiRoutes(appRoutes: () => readonly RouterRoute[]) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Hono().get(
    '/',
    documented({
      tag: 'system',
      summary: 'This OpenAPI document',
      response: openApiDocumentSchema,
    }),
    (c) => {
      document ??= openApiDocument(routeDocsOf(appRoutes()));
      return c.json(document);
    },
  );
}
