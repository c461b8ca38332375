import {
  CATEGORIES,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_PAGE,
  SEARCH_FILTERS,
  SORT_OPTIONS,
} from '@shop/rules';
import * as z from 'zod';
import { ACCOUNT_ROUTE_DOCS } from './accounts/openapi-routes';
import { ORDER_ROUTE_DOCS } from './orders/openapi-routes';
import {
  productDetailSchema,
  productPageSchema,
  rankingSchema,
  saleListSchema,
  searchPageSchema,
} from './schemas/catalog';
import {
  authorDetailSchema,
  galleryDetailSchema,
  galleryPageSchema,
  homedataSchema,
  newsDetailSchema,
  newsPageSchema,
  seriesDetailSchema,
  showcaseDetailSchema,
  showcaseSummarySchema,
} from './schemas/content';
import {
  pageQuery,
  productListParam,
  rankingParam,
  saleListQuery,
  saleTermParam,
  slugParam,
} from './schemas/params';

// The OpenAPI 3.1 document served at /api/openapi.json, generated with zod 4's own
// z.toJSONSchema from the very schemas the routes validate with and the tests check responses
// against, so the document cannot drift from the code. Each area lists its routes in its section.

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path, `{name}` for parameters. */
  path: string;
  tag: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** JSON response schema; omitted for binary responses (described by `binary`). */
  response?: z.ZodType;
  binary?: string;
}

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().meta({ description: 'Machine-readable error code' }),
    message: z.string().meta({ description: 'Japanese message for the shopper' }),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/** The search parameters as @shop/rules parseSearchParams reads them (unknown values dropped). */
const searchQueryDoc = z.object({
  q: z.string().max(MAX_QUERY_LENGTH).optional(),
  categories: z
    .string()
    .meta({ description: `Comma-separated: ${CATEGORIES.map((c) => c.value).join(', ')}` })
    .optional(),
  filter: z
    .string()
    .meta({ description: `Comma-separated: ${SEARCH_FILTERS.map((f) => f.value).join(', ')}` })
    .optional(),
  sort: z.enum(SORT_OPTIONS.map((s) => s.value)).optional(),
  page: z.int().min(1).max(MAX_SEARCH_PAGE).optional(),
});

const imageQueryDoc = z.object({
  url: z.string().meta({ description: 'A catalog image path, e.g. /covers/040000000001_240.png' }),
  w: z.union(IMAGE_WIDTHS.map((w) => z.literal(w))),
  q: z.int().min(1).max(100).optional(),
  f: z.enum(IMAGE_FORMATS).optional(),
});

const buildSchema = z.object({ id: z.string(), timestamp: z.int() });

export const ROUTE_DOCS: RouteDoc[] = [
  // ── accounts ──
  ...ACCOUNT_ROUTE_DOCS,
  // ── orders ──
  ...ORDER_ROUTE_DOCS,
  // ── catalog ──
  {
    method: 'get',
    path: '/api/health/',
    tag: 'system',
    summary: 'Health check',
    response: z.object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgres']),
      products: z.int(),
      time: z.string(),
      maintenance: z.object({ active: z.boolean(), message: z.string().nullable() }),
    }),
  },
  {
    method: 'get',
    path: '/api/homedata/',
    tag: 'catalog',
    summary: 'Everything the top page shows',
    response: homedataSchema,
  },
  {
    method: 'get',
    path: '/api/products/{slug}/',
    tag: 'catalog',
    summary: 'A product page',
    params: slugParam,
    response: productDetailSchema,
  },
  {
    method: 'get',
    path: '/api/search/',
    tag: 'catalog',
    summary: 'Search the catalog',
    query: searchQueryDoc,
    response: searchPageSchema.extend({ query: z.object({}).loose() }),
  },
  {
    method: 'get',
    path: '/api/ranking/{type}/',
    tag: 'catalog',
    summary: 'A ranking over its JST window',
    params: rankingParam,
    response: rankingSchema,
  },
  {
    method: 'get',
    path: '/api/productlist/sale/{term}/',
    tag: 'catalog',
    summary: 'Release list of a day, week or month',
    params: saleTermParam,
    query: saleListQuery,
    response: saleListSchema,
  },
  {
    method: 'get',
    path: '/api/productlist/{type}/',
    tag: 'catalog',
    summary: 'Recent additions, postponements or benefit items',
    params: productListParam,
    query: pageQuery,
    response: productPageSchema,
  },
  {
    method: 'get',
    path: '/api/news/',
    tag: 'content',
    summary: 'Published news',
    query: pageQuery,
    response: newsPageSchema,
  },
  {
    method: 'get',
    path: '/api/news/{slug}/',
    tag: 'content',
    summary: 'One news entry',
    params: slugParam,
    response: newsDetailSchema,
  },
  {
    method: 'get',
    path: '/api/showcases/',
    tag: 'content',
    summary: 'Showcases running now',
    response: z.object({ items: z.array(showcaseSummarySchema) }),
  },
  {
    method: 'get',
    path: '/api/showcases/{slug}/',
    tag: 'content',
    summary: 'A showcase with its products',
    params: slugParam,
    response: showcaseDetailSchema,
  },
  {
    method: 'get',
    path: '/api/gallery/',
    tag: 'content',
    summary: 'Signed-book gallery',
    query: pageQuery,
    response: galleryPageSchema,
  },
  {
    method: 'get',
    path: '/api/gallery/{slug}/',
    tag: 'content',
    summary: 'One signed-book entry',
    params: slugParam,
    response: galleryDetailSchema,
  },
  {
    method: 'get',
    path: '/api/series/{slug}/',
    tag: 'content',
    summary: 'A series and its products',
    params: slugParam,
    query: pageQuery,
    response: seriesDetailSchema,
  },
  {
    method: 'get',
    path: '/api/authors/{slug}/',
    tag: 'content',
    summary: 'An author or circle and their products',
    params: slugParam,
    query: pageQuery,
    response: authorDetailSchema,
  },
  {
    method: 'get',
    path: '/_image',
    tag: 'media',
    summary: 'A catalog image resized and re-encoded',
    query: imageQueryDoc,
    binary: 'image/webp, image/avif, image/jpeg or image/png',
  },
  {
    method: 'get',
    path: '/_app/builds/latest.json',
    tag: 'system',
    summary: 'The current storefront build',
    response: buildSchema,
  },
  {
    method: 'get',
    path: '/_app/builds/meta/{id}.json',
    tag: 'system',
    summary: 'Metadata of one build',
    params: z.object({ id: z.string() }),
    response: buildSchema.extend({ prerendered: z.array(z.string()) }),
  },
];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const shape = jsonSchema(schema, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (shape.required ?? []).includes(name),
    schema: property,
  }));
}

const errorResponse = {
  description: 'Error (4xx): a machine code and a Japanese message',
  content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
};

/** Builds the OpenAPI document of the given routes. */
export function openApiDocument(routes: readonly RouteDoc[] = ROUTE_DOCS) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation = {
      tags: [route.tag],
      summary: route.summary,
      parameters: [...parameters('path', route.params), ...parameters('query', route.query)],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        200: route.binary
          ? {
              description: route.binary,
              content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
            }
          : {
              description: 'OK',
              content: {
                'application/json': {
                  schema: route.response ? jsonSchema(route.response, 'output') : {},
                },
              },
            },
        '4XX': errorResponse,
      },
    };
    paths[route.path] = { ...paths[route.path], [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shop API',
      version: '0.0.0',
      description:
        'HTTP API of the Japanese online bookstore. Errors are `{ "error": { "code", "message" } }` with a Japanese message.',
    },
    paths,
  };
}
