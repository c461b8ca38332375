import * as z from 'zod';
import { type RouteDoc, type SuccessStatus, TAGS } from './lib/route-doc';
import { bodyLimitOf, DEFAULT_BODY_LIMIT } from './middleware/body-limit';
import { CSRF_HEADER, requiresCsrfToken } from './middleware/session';
import { idempotencyKeySchema } from './services/checkout/schemas';

// The OpenAPI 3.1 document served at /api/openapi.json, generated with zod 4's own
// z.toJSONSchema from the very schema objects the routes validate with and the ones the tests
// check responses against, so the document cannot drift from the code. Each route declares its
// operation beside its handler (`documented`, lib/route-doc.ts) and routeDocsOf reads them off
// the app's routes with the validators' schemas. The headers, security and common refusals of an
// operation are derived here from what it declares, the same way the app derives them (CSRF
// from the method and path, login from `access`). test/openapi.test.ts checks that the
// document lists exactly the app's routes, that every operation answers its documented status
// and body, and that docs/api.md shows each one.

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
          line: z.int().optional().meta({
            description: 'The line of an uploaded CSV file (the header is line 1)',
          }),
          column: z.string().optional().meta({ description: "That line's column, by its header" }),
        }),
      )
      .optional()
      .meta({ description: 'The fields that failed validation, or the reasons of a refusal' }),
  }),
});

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
  if (route.access?.startsWith('staff:')) {
    const write = !['get', 'head', 'options'].includes(route.method);
    return [
      { staffToken: [] },
      write ? { staffSession: [], staffCsrfToken: [] } : { staffSession: [] },
    ];
  }
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
  if (route.access?.startsWith('staff:')) {
    add(401, '`staff_unauthorized`: no staff identity (staff login or API token)');
    if (route.access !== 'staff:read') {
      add(403, "`staff_forbidden`: the staff member's role does not allow it");
    }
    add(
      403,
      '`staff_totp_required` / `staff_password_change_required`: a staff session that must first enrol in two-factor login / change its temporary password',
    );
    if (route.method !== 'get') {
      add(
        403,
        "`csrf_origin` / `csrf_token`: a staff session's write from another site or without its x-csrf-token",
      );
    }
  }
  if (requiresCsrfToken(route.method, route.path)) {
    add(
      403,
      '`csrf_origin` (another site), `csrf_session` (no live session) or `csrf_token` (no or a wrong x-csrf-token)',
    );
  }
  if (route.body || route.rawBody) {
    add(413, `\`payload_too_large\`: a body over ${bodyLimitOf(route.method, route.path)} bytes`);
  }
  for (const [status, text] of Object.entries(route.errors ?? {})) add(status, text);
  add(
    '4XX',
    'Another refusal: 403 `ip_forbidden` when the IP filter is on, 404 `not_found` for an unknown path' +
      (route.body || route.rawBody
        ? ''
        : `, 413 \`payload_too_large\` for a body over ${DEFAULT_BODY_LIMIT} bytes`),
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
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            description: `${route.rawBody.description}. At most ${bodyLimitOf(route.method, route.path)} bytes (else 413)`,
            'x-max-body-bytes': bodyLimitOf(route.method, route.path),
            content: Object.fromEntries(
              route.rawBody.mediaTypes.map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
        }
      : {}),
    security: security(route),
    responses,
  };
}

/** Builds the OpenAPI document of the given operations (`routeDocsOf(app.routes)`). */
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
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          description: "A staff member's API token (the legacy OPERATOR_TOKEN acts as an owner)",
        },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'staff_sid',
          description:
            "The staff session cookie POST /api/admin/session/ sets (`__Host-staff` with COOKIE_SECURE=true); never the members' one",
        },
        staffCsrfToken: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description:
            'The `csrfToken` of GET /api/admin/session/, on every state-changing request of a staff session',
        },
      },
    },
  };
}
