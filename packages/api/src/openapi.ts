import { IMAGE_FORMATS, IMAGE_WIDTHS } from '@shop/rules';
import type { RouterRoute } from 'hono/types';
import * as z from 'zod';
import { ACCOUNT_ROUTE_DOCS } from './accounts/openapi-routes';
import { type RouteDoc, routeDocsOf, type SuccessStatus, TAGS } from './lib/route-doc';
import { bodyLimitOf, DEFAULT_BODY_LIMIT } from './middleware/body-limit';
import { CSRF_HEADER, requiresCsrfToken } from './middleware/session';
import { NOTIFICATION_ROUTE_DOCS } from './notifications/openapi-routes';
import { ORDER_ROUTE_DOCS } from './orders/openapi-routes';
import {
  authorDetailSchema,
  galleryDetailSchema,
  galleryPageSchema,
  newsDetailSchema,
  newsPageSchema,
  seriesDetailSchema,
  showcaseDetailSchema,
  showcaseSummarySchema,
} from './schemas/content';
import { pageQuery, slugParam } from './schemas/params';
import { idempotencyKeySchema } from './services/checkout/schemas';

// The OpenAPI 3.1 document served at /api/openapi.json, generated with zod 4's own
// z.toJSONSchema from the very schema objects the routes validate with (exported by the route
// and service files and imported here) and the ones the tests check responses against, so the
// document cannot drift from the code. Each area lists its routes in its section; the headers,
// security and common refusals of an operation are derived from what it declares here, the same
// way the app derives them (CSRF from the method and path, login from `access`).
// test/openapi.test.ts checks that the document lists exactly the app's routes, that every
// operation answers its documented status and body, and that docs/api.md shows each one.

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().meta({ description: 'Machine-readable error code' }),
    message: z.string().meta({ description: 'Japanese message for the shopper' }),
    details: z
      .array(
        z.object({
          path: z.string(),
          code: z.string().optional().meta({
            description:
              'Why the field was refused, where the rule says: an address code of @shop/rules, `invalid_characters` or `card_number`',
          }),
          message: z.string(),
        }),
      )
      .optional()
      .meta({ description: 'The fields that failed validation, or the reasons of a refusal' }),
  }),
});

/** The image parameters as @shop/rules parseImageParams reads them. */
const imageQueryDoc = z.object({
  url: z.string().meta({ description: 'A catalog image path, e.g. /covers/040000000001_240.png' }),
  w: z.union(IMAGE_WIDTHS.map((w) => z.literal(w))),
  q: z.int().min(1).max(100).optional(),
  f: z.enum(IMAGE_FORMATS).optional(),
});

const IMMUTABLE_IMAGE = 'Cached for a year (`Cache-Control: public, max-age=31536000, immutable`)';
const IMAGE_NOT_SERVED = '`not_found`: not an image the shop serves';
const IMAGE_BUSY =
  '`image_busy` with `Retry-After` (seconds): every render slot and queue place is taken (IMAGE_RENDER_CONCURRENCY, IMAGE_RENDER_QUEUE)';

const buildSchema = z.object({ id: z.string(), timestamp: z.int() });

/** What GET /api/openapi.json answers: this document (its parts are OpenAPI's own). */
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
 * The operations not yet documented beside their handlers (lib/route-doc.ts): the accounts and
 * orders areas, content, media and system. The catalog's are read off its routes.
 */
export const LISTED_ROUTE_DOCS: RouteDoc[] = [
  // ── accounts ──
  ...ACCOUNT_ROUTE_DOCS,
  // ── orders ──
  ...ORDER_ROUTE_DOCS,
  // ── notifications ──
  ...NOTIFICATION_ROUTE_DOCS,
  // ── content, media, system ──
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
    path: '/api/health/live/',
    tag: 'system',
    summary: 'Liveness probe: the process serves HTTP (reads no database; send no cookie)',
    response: z.object({ status: z.literal('live') }),
  },
  {
    method: 'get',
    path: '/api/health/ready/',
    tag: 'system',
    summary: 'Readiness probe: this instance takes traffic (a load balancer’s health check)',
    response: z.object({ status: z.literal('ready') }),
    errors: { 503: '`shutting_down`: the instance is stopping (SIGTERM) and drains its requests' },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'system',
    summary: 'This OpenAPI document',
    response: openApiDocumentSchema,
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
    errors: { 404: '`not_found`: no such entry, or not published yet' },
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
    errors: { 404: '`not_found`: no such showcase' },
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
    errors: { 404: '`not_found`: no such entry, or not published yet' },
  },
  {
    method: 'get',
    path: '/api/series/{slug}/',
    tag: 'content',
    summary: 'A series and its products',
    params: slugParam,
    query: pageQuery,
    response: seriesDetailSchema,
    errors: { 404: '`not_found`: no such series' },
  },
  {
    method: 'get',
    path: '/api/authors/{slug}/',
    tag: 'content',
    summary: 'An author or circle and their products',
    params: slugParam,
    query: pageQuery,
    response: authorDetailSchema,
    errors: { 404: '`not_found`: no such author or circle' },
  },
  {
    method: 'get',
    path: '/_image',
    tag: 'media',
    summary: 'A catalog image resized and re-encoded',
    query: imageQueryDoc,
    parsedBy: '@shop/rules parseImageParams',
    binary: {
      mediaType: 'image/*',
      description: `image/webp, image/avif, image/jpeg or image/png as \`f\` asks. ${IMMUTABLE_IMAGE}`,
    },
    redirect:
      'Another spelling of the variant (a quality between the rendered steps, a PNG or AVIF quality that renders the same, parameters in another order, defaults left out): `Location` is the canonical URL @shop/rules imageUrl writes',
    errors: {
      400: '`image_missing-url`, `image_invalid-width`, ...: parameters @shop/rules parseImageParams refuses',
      404: IMAGE_NOT_SERVED,
      503: IMAGE_BUSY,
    },
  },
  {
    method: 'get',
    path: '/covers/{file}',
    tag: 'media',
    summary: 'A source image /_image resizes: a cover, showcase or gallery image',
    params: z.object({
      file: z.string().meta({
        description:
          '`{name}.png` (600 px wide), `{name}_240.png` or `{name}_600.png`; the name is a product slug, `showcase-{n}` or `gallery-{n}`',
      }),
    }),
    parsedBy: 'the handler, which looks the image up in the catalog',
    binary: { mediaType: 'image/png', description: `The PNG image. ${IMMUTABLE_IMAGE}` },
    errors: { 404: IMAGE_NOT_SERVED, 503: IMAGE_BUSY },
  },
  {
    method: 'get',
    path: '/_app/builds/latest.json',
    tag: 'system',
    summary: 'The current storefront build (never cached)',
    response: buildSchema,
    database: false,
  },
  {
    method: 'get',
    path: '/_app/builds/meta/{file}',
    tag: 'system',
    summary: 'Metadata of one build',
    params: z.object({
      file: z.string().meta({ description: 'The build id followed by `.json`' }),
    }),
    parsedBy: 'the handler, which compares it with the current build',
    response: buildSchema.extend({ prerendered: z.array(z.string()) }),
    errors: { 404: '`not_found`: not the current build' },
    database: false,
  },
];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: unknown;
}

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined): Parameter[] {
  if (!schema) return [];
  const shape = jsonSchema(schema, 'input') as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (shape.required ?? []).includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

function headerParameters(route: RouteDoc): Parameter[] {
  const headers: Parameter[] = [];
  if (route.idempotencyKey) {
    headers.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'A UUID chosen by the client: a retry with the same key and body answers the first result',
      schema: jsonSchema(idempotencyKeySchema, 'input'),
    });
  }
  return headers;
}

/**
 * Security requirement: the operator's bearer token; the session cookie, with its CSRF token on
 * the state-changing requests the session middleware checks; none (`[]`) for a public read.
 */
export function security(route: Pick<RouteDoc, 'method' | 'path' | 'access'>) {
  if (route.access === 'operator') return [{ operatorToken: [] }];
  if (requiresCsrfToken(route.method, route.path)) return [{ sessionCookie: [], csrfToken: [] }];
  if (route.access === 'member') return [{ sessionCookie: [] }];
  return [];
}

/** The refusals an operation can answer: derived from what it declares, then its own. */
function errorStatuses(route: RouteDoc): Map<string, string[]> {
  const statuses = new Map<string, string[]>();
  const add = (status: number | string, text: string) =>
    statuses.set(String(status), [...(statuses.get(String(status)) ?? []), text]);
  const validated = [
    route.params && '`invalid_param`',
    route.query && '`invalid_query`',
    route.body && '`invalid_json`',
  ].filter(Boolean);
  if (validated.length > 0 && route.parsedBy === undefined) {
    add(400, `${validated.join(', ')}: the request failed validation (fields in \`details\`)`);
  }
  if (route.idempotencyKey) {
    add(400, '`invalid_idempotency_key`: no Idempotency-Key header, or not a UUID');
  }
  if (route.access === 'member') add(401, '`login_required`: not logged in');
  if (route.access === 'operator') {
    add(401, '`operator_unauthorized`: no or a wrong bearer token');
    add(404, '`not_found`: the operator endpoints are disabled (no OPERATOR_TOKEN)');
  }
  if (requiresCsrfToken(route.method, route.path)) {
    add(
      403,
      '`csrf_origin` (another site), `csrf_session` (no live session) or `csrf_token` (no or a wrong x-csrf-token)',
    );
  }
  if (route.body) {
    add(413, `\`payload_too_large\`: a body over ${bodyLimitOf(route.method, route.path)} bytes`);
  }
  for (const [status, text] of Object.entries(route.errors ?? {})) add(status, text);
  add(
    '4XX',
    'Another refusal: 403 `ip_forbidden` when the IP filter is on, 404 `not_found` for an unknown path' +
      (route.body ? '' : `, 413 \`payload_too_large\` for a body over ${DEFAULT_BODY_LIMIT} bytes`),
  );
  if (route.database !== false) {
    add(503, '`database_unavailable`: the database cannot be reached; retry later');
  }
  return statuses;
}

function successResponse(route: RouteDoc, status: SuccessStatus, description: string) {
  if (status === 204) return { description };
  if (route.binary) {
    return {
      description: `${description}: ${route.binary.description}`,
      content: { [route.binary.mediaType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return {
    description,
    content: {
      'application/json': { schema: route.response ? jsonSchema(route.response, 'output') : {} },
    },
  };
}

const PLAIN_SUCCESS: Partial<Record<SuccessStatus, string>> = { 200: 'OK' };

/** The success statuses of a route, as documented. */
export function successStatuses(route: RouteDoc): SuccessStatus[] {
  return Object.keys(route.success ?? PLAIN_SUCCESS).map(Number) as SuccessStatus[];
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's identifier, derived from its method and path so it cannot disagree with them:
 * `get /api/products/{slug}/` is `getProductsBySlug`, `post /api/session/login/` is
 * `postSessionLogin`.
 */
export function operationId(route: Pick<RouteDoc, 'method' | 'path'>): string {
  const words = route.path
    .replace(/^\/api\//, '/')
    .split(/[/._-]+/)
    .filter(Boolean)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part)?.[1];
      return param ? `By${capitalized(param)}` : capitalized(part);
    });
  return route.method + words.join('');
}

function operation(route: RouteDoc) {
  const responses: Record<string, unknown> = {};
  for (const [status, text] of Object.entries(route.success ?? PLAIN_SUCCESS)) {
    responses[status] = successResponse(route, Number(status) as SuccessStatus, text);
  }
  if (route.redirect) {
    responses['301'] = {
      description: route.redirect,
      headers: { Location: { schema: { type: 'string' } } },
    };
  }
  for (const [status, texts] of errorStatuses(route)) {
    responses[status] = {
      description: texts.join('; '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.parsedBy ? { description: `Parameters read by ${route.parsedBy}.` } : {}),
    operationId: operationId(route),
    parameters: [
      ...parameters('path', route.params),
      ...parameters('query', route.query),
      ...headerParameters(route),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            description: `At most ${bodyLimitOf(route.method, route.path)} bytes (else 413)`,
            'x-max-body-bytes': bodyLimitOf(route.method, route.path),
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    security: security(route),
    responses,
  };
}

/** Every documented operation of an app: the ones its routes declare, then the listed ones. */
export function routeDocs(routes: readonly RouterRoute[]): RouteDoc[] {
  return [...routeDocsOf(routes), ...LISTED_ROUTE_DOCS];
}

/** Builds the OpenAPI document of the given operations (`routeDocs(app.routes)`). */
export function openApiDocument(routes: readonly RouteDoc[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Shop API',
      version: '0.0.0',
      description:
        'HTTP API of the Japanese online bookstore (docs/api.md has an example of every operation). ' +
        'Errors are `{ "error": { "code", "message", "details"? } }` with a Japanese message. ' +
        'State-changing requests outside /api/operator/ need the session cookie and its CSRF token ' +
        '(`x-csrf-token`, from GET /api/session/). ' +
        `A request body may have at most ${DEFAULT_BODY_LIMIT} bytes unless its operation's ` +
        '`x-max-body-bytes` says more; a larger one is refused with 413 `payload_too_large` ' +
        'before it is read, whether it has a Content-Length or is chunked.',
    },
    servers: [{ url: '/', description: 'The shop itself (the document is served by it)' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description:
            'The session cookie GET /api/session/ sets (`__Host-sid` with COOKIE_SECURE=true); login and registration replace it',
        },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description:
            'The `csrfToken` of GET /api/session/ for this session, on every state-changing request outside /api/operator/',
        },
        operatorToken: {
          type: 'http',
          scheme: 'bearer',
          description: "The shop's OPERATOR_TOKEN",
        },
      },
    },
  };
}
