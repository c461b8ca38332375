import { Hono } from 'hono';
import { expect, test } from 'vitest';
import * as z from 'zod';
import { documented, routeDocsOf } from './route-doc';
import { validate } from './validate';

const idParam = z.object({ id: z.string() });
const pageQuery = z.object({ page: z.string().optional() });
const body = z.object({ name: z.string() });
const response = z.object({ ok: z.boolean() });

test('reads method, path and the validators schemas off the routes, beside the description', () => {
  const items = new Hono()
    .get('/', (c) => c.json({ ok: true }))
    .put(
      '/:id/',
      documented({ tag: 'cart', summary: 'Put one', response, errors: { 404: '`not_found`' } }),
      validate('param', idParam),
      validate('query', pageQuery),
      validate('json', body),
      (c) => c.json({ ok: true }),
    );
  const app = new Hono();
  app.use('*', async (_c, next) => next());
  app.route('/api/items/', items);

  expect(routeDocsOf(app.routes)).toEqual([
    {
      method: 'put',
      path: '/api/items/{id}/',
      tag: 'cart',
      summary: 'Put one',
      response,
      errors: { 404: '`not_found`' },
      params: idParam,
      query: pageQuery,
      body,
    },
  ]);
  const [doc] = routeDocsOf(app.routes);
  // The very objects the route validates with, not copies.
  expect(doc?.params).toBe(idParam);
  expect(doc?.body).toBe(body);
});
