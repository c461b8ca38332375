import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { openApiDocument, routeDocs } from '../openapi';

/**
 * GET /api/openapi.json: the OpenAPI document of the app's routes (`appRoutes`, read at the
 * first request, when every route is registered), built once.
 */
export function openApiRoutes(appRoutes: () => readonly RouterRoute[]) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Hono().get('/', (c) => {
    document ??= openApiDocument(routeDocs(appRoutes()));
    return c.json(document);
  });
}
