import { Hono } from 'hono';
import { openApiDocument } from '../openapi';

/** GET /api/openapi.json: the OpenAPI document, built once from the routes' zod schemas. */
export function openApiRoutes() {
  const document = openApiDocument();
  return new Hono().get('/', (c) => c.json(document));
}
