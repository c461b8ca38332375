import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../src/app';
import type { Database } from '../src/db/client';
import type { RouteDoc } from '../src/lib/route-doc';
import { routeDocsOf } from '../src/lib/route-doc';
import { openApiDocument, successStatuses } from '../src/openapi';
import {
  EXAMPLE_OPERATOR_TOKEN,
  ExampleClient,
  type ExampleShop,
  type Exchange,
  openExampleShop,
  runExamples,
} from './support/openapi-examples';

// The OpenAPI document against the app itself: the same routes, the statuses and bodies the
// operations really answer, who may call them, and a docs/api.md example for each.

const operationOf = (route: Pick<RouteDoc, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** `/api/cart/{variationId}/` as a pattern matching `/api/cart/12/` (and the template itself). */
function pathPattern(path: string): RegExp {
  const parts = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/?#\\s]+')}(?:\\?\\S*)?$`);
}

interface Operation {
  parameters: { name: string; in: string }[];
  security: Record<string, string[]>[];
}

/** The refusal of a request without its bearer token: the operator's, or a staff member's. */
function bearerRefusal(
  route: RouteDoc,
): 'operator_unauthorized' | 'staff_unauthorized' | undefined {
  if (route.access === 'operator') return 'operator_unauthorized';
  if (route.access?.startsWith('staff:')) return 'staff_unauthorized';
  return undefined;
}

/** Whether an operation's security requirement includes the session's CSRF token. */
const needsCsrfToken = (operation: Operation | undefined) =>
  (operation?.security ?? []).some((requirement) => 'csrfToken' in requirement);

let example: ExampleShop;
let exchanges: Exchange[];
/** The documented operations of the example shop's app. */
let ROUTE_DOCS: RouteDoc[];

beforeAll(async () => {
  example = await openExampleShop();
  ROUTE_DOCS = routeDocsOf(example.app.routes);
  exchanges = await runExamples(example);
});

afterAll(async () => {
  await example?.close();
});

describe('the OpenAPI document', () => {
  test("lists exactly the app's routes, each method with its path", () => {
    const registered = new Set(
      example.app.routes
        // use() middleware and the JSON 404 of unknown /api/ paths are no endpoints; the metrics
        // at METRICS_PATH are the operator's scrape target, outside the API (operations.md).
        .filter((route) => !(route.method === 'ALL' && route.path.endsWith('*')))
        .filter((route) => route.path !== example.deps.config.metrics.path)
        .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = Object.entries(openApiDocument(ROUTE_DOCS).paths).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(new Set(documented).size, 'an operation is documented twice').toBe(documented.length);
    expect([...registered].sort()).toEqual([...documented].sort());
  });

  test('every operation answers one of its documented success statuses', () => {
    const wrong = exchanges
      .map((exchange) => {
        const route = ROUTE_DOCS.find((r) => operationOf(r) === exchange.operation);
        return { exchange, expected: route ? successStatuses(route) : [] };
      })
      .filter(({ exchange, expected }) => !(expected as number[]).includes(exchange.status))
      .map(({ exchange, expected }) => ({
        request: `${exchange.method} ${exchange.url}`,
        status: exchange.status,
        expected,
        answer: exchange.answer,
      }));
    expect(wrong).toEqual([]);
  });

  test('the examples call every documented operation, at the URLs of its path', () => {
    const called = new Set(exchanges.map((exchange) => exchange.operation));
    expect(ROUTE_DOCS.map(operationOf).filter((operation) => !called.has(operation))).toEqual([]);
    for (const exchange of exchanges) {
      const route = ROUTE_DOCS.find((r) => operationOf(r) === exchange.operation);
      expect(route, exchange.operation).toBeDefined();
      expect(exchange.url, exchange.operation).toMatch(pathPattern(route?.path ?? ''));
    }
  });

  test('every answer is exactly what the response schema describes (no field more or less)', () => {
    for (const route of ROUTE_DOCS) {
      for (const exchange of exchanges.filter((e) => e.operation === operationOf(route))) {
        const where = `${exchange.method} ${exchange.url}`;
        if (exchange.status === 204) {
          expect(exchange.answer, where).toBeNull();
        } else if (route.binary) {
          const type = exchange.responseHeaders['content-type'] ?? '';
          const [family] = route.binary.mediaType.split('/*');
          expect(type.startsWith(family ?? route.binary.mediaType), where).toBe(true);
        } else {
          expect(route.response, `${where} has no response schema`).toBeDefined();
          const parsed = route.response?.safeParse(exchange.answer);
          expect(parsed?.error, where).toBeUndefined();
          // A parse drops fields the schema lacks: an answer that loses any had one too many.
          expect(isDeepStrictEqual(parsed?.data, exchange.answer), `${where}: extra fields`).toBe(
            true,
          );
        }
      }
    }
  });

  test('declares the headers and the security scheme the examples needed', () => {
    const document = openApiDocument(ROUTE_DOCS);
    const paths = document.paths as Record<string, Record<string, Operation>>;
    for (const route of ROUTE_DOCS) {
      const operation = paths[route.path]?.[route.method];
      const headers = (operation?.parameters ?? [])
        .filter((p) => p.in === 'header')
        .map((p) => p.name.toLowerCase());
      const where = operationOf(route);
      const exchange = exchanges.find((e) => e.operation === where);
      const sent = Object.keys(exchange?.headers ?? {}).map((name) => name.toLowerCase());
      // The bearer token and the CSRF token are security schemes, not header parameters.
      expect(
        sent.filter((name) => name !== 'authorization' && name !== 'x-csrf-token'),
        where,
      ).toEqual(headers);
      // A staff example comes from a staff session, whose writes carry the staff session's CSRF
      // token, or from an API token (no session, no CSRF token): the two ways in.
      const staffRoute = route.access?.startsWith('staff:') === true;
      const viaBearer = sent.includes('authorization');
      const staffWrite = staffRoute && route.method !== 'get';
      if (!staffRoute) expect(viaBearer, where).toBe(route.access === 'operator');
      expect(sent.includes('x-csrf-token'), where).toBe(
        needsCsrfToken(operation) || (staffWrite && !viaBearer),
      );
      expect(operation?.security, where).toEqual(
        route.access === 'operator'
          ? [{ operatorToken: [] }]
          : staffRoute
            ? [
                { staffToken: [] },
                staffWrite ? { staffSession: [], staffCsrfToken: [] } : { staffSession: [] },
              ]
            : sent.includes('x-csrf-token')
              ? [{ sessionCookie: [], csrfToken: [] }]
              : route.access === 'member'
                ? [{ sessionCookie: [] }]
                : [],
      );
    }
    expect(document.components.securitySchemes.csrfToken).toMatchObject({
      in: 'header',
      name: 'x-csrf-token',
    });
  });

  test('an operation whose security names csrfToken is refused without it', async () => {
    const paths = openApiDocument(ROUTE_DOCS).paths as Record<string, Record<string, Operation>>;
    const client = new ExampleClient(example.app, []);
    await client.send('get /api/session/', '/api/session/');
    for (const route of ROUTE_DOCS.filter((r) => r.method !== 'get')) {
      const exchange = exchanges.find((e) => e.operation === operationOf(route));
      if (!exchange) throw new Error(`no example of ${operationOf(route)}`);
      const declared = needsCsrfToken(paths[route.path]?.[route.method]);
      // Neither session nor bearer token: the one-click unsubscribe, whose signed token is its proof.
      if (!declared && bearerRefusal(route) === undefined) continue;
      const { 'x-csrf-token': _token, ...headers } = exchange.headers;
      const token = client.csrfToken;
      client.csrfToken = undefined;
      const answer = await client.send<{ error?: { code: string } } | null>(
        exchange.operation,
        exchange.url,
        { headers: { ...headers, authorization: 'Bearer -' } },
      );
      client.csrfToken = token;
      // Operator and staff operations need no token: the wrong bearer token refuses them instead.
      expect(answer?.error?.code, exchange.operation).toBe(
        declared ? 'csrf_token' : bearerRefusal(route),
      );
    }
  });

  test('answers 503 database_unavailable where documented when the database is gone', async () => {
    const gone = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    const broken = createApp({
      ...example.deps,
      db: new Proxy({} as Database, {
        get() {
          throw gone;
        },
      }),
      log: () => {},
    });
    const paths = openApiDocument(ROUTE_DOCS).paths as Record<
      string,
      Record<string, { responses: Record<string, { description: string }> }>
    >;
    for (const route of ROUTE_DOCS) {
      const exchange = exchanges.find((e) => e.operation === operationOf(route));
      if (!exchange) throw new Error(`no example of ${operationOf(route)}`);
      // A shopper's browser always has a session cookie, which is looked up first.
      const client = new ExampleClient(broken, []);
      client.cookie = 'sid=qoXqbFI12u_2_Nl79u3R2A';
      const answer = await client.send<{ error?: { code: string } } | null>(
        exchange.operation,
        exchange.url,
        {
          headers: exchange.headers,
          ...(exchange.body === undefined ? {} : { body: exchange.body }),
        },
      );
      const documented = paths[route.path]?.[route.method]?.responses['503']?.description ?? '';
      expect(answer?.error?.code === 'database_unavailable', exchange.operation).toBe(
        documented.includes('database_unavailable'),
      );
    }
  });

  test('a guest is refused exactly the member, operator and staff operations', async () => {
    for (const route of ROUTE_DOCS) {
      const exchange = exchanges.find((e) => e.operation === operationOf(route));
      if (!exchange) throw new Error(`no example of ${operationOf(route)}`);
      if (route.access === undefined && route.method !== 'get') continue;
      const guest = new ExampleClient(example.app, []);
      if (route.access === 'member') await guest.send('get /api/session/', '/api/session/');
      // The guest sends its own CSRF token, not the member's.
      const { authorization: _token, 'x-csrf-token': _csrf, ...headers } = exchange.headers;
      const answer = await guest.send<{ error?: { code: string } }>(
        exchange.operation,
        exchange.url,
        { headers, ...(exchange.body === undefined ? {} : { body: exchange.body }) },
      );
      const code = answer?.error?.code;
      const expected = route.access === 'member' ? 'login_required' : bearerRefusal(route);
      expect(code, exchange.operation).toBe(expected);
    }
    // A wrong token is no better than none.
    const outsider = new ExampleClient(example.app, []);
    const refused = await outsider.send<{ error: { code: string } }>(
      'post /api/operator/orders/{id}/ship/',
      '/api/operator/orders/1/ship/',
      { headers: { authorization: `Bearer ${EXAMPLE_OPERATOR_TOKEN.replace(/.$/, 'x')}` } },
    );
    expect(refused.error.code).toBe('operator_unauthorized');
  });

  test('documents the validation refusals of every operation that validates', () => {
    const paths = openApiDocument(ROUTE_DOCS).paths as Record<
      string,
      Record<string, { responses: Record<string, { description: string }> }>
    >;
    for (const route of ROUTE_DOCS) {
      const responses = paths[route.path]?.[route.method]?.responses ?? {};
      const where = operationOf(route);
      if ((route.params || route.query || route.body) && route.parsedBy === undefined) {
        expect(responses['400']?.description, where).toMatch(/invalid_(param|query|json)/);
      }
      if (route.access === 'member') {
        expect(responses['401']?.description, where).toContain('login_required');
      }
    }
  });
});

/** docs/api.md, "Field names on the wire": the spec's catalog keeps snake_case, the rest camelCase. */
const SNAKE_CASE_TAGS = new Set(['catalog', 'content']);
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/** Every property name of a JSON schema, however deep. */
function propertyNames(schema: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) propertyNames(item, into);
  } else if (schema !== null && typeof schema === 'object') {
    const { properties } = schema as { properties?: unknown };
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const name of Object.keys(properties)) into.add(name);
    }
    for (const value of Object.values(schema)) propertyNames(value, into);
  }
  return into;
}

describe('request schemas', () => {
  test('the address body lists the 47 prefectures, and the favourites page is a 1-5 digit string', () => {
    const { paths } = openApiDocument(ROUTE_DOCS) as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
    };
    expect(JSON.stringify(paths['/api/addressbook/']?.post?.requestBody)).toContain('沖縄県');
    expect(paths['/api/favorites/{contentType}/']?.get?.parameters).toContainEqual({
      name: 'page',
      in: 'query',
      required: false,
      schema: { type: 'string', pattern: '^[1-9]\\d{0,4}$' },
    });
  });
});

describe('field names', () => {
  test('every field name follows the convention of its area', () => {
    const wrong: string[] = [];
    const paths = openApiDocument(ROUTE_DOCS).paths as Record<
      string,
      Record<string, Operation & { tags: string[]; requestBody?: unknown; responses: unknown }>
    >;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const convention = operation.tags.some((tag) => SNAKE_CASE_TAGS.has(tag))
          ? SNAKE_CASE
          : CAMEL_CASE;
        const names = propertyNames([operation.requestBody, operation.responses]);
        for (const parameter of operation.parameters) {
          if (parameter.in !== 'header') names.add(parameter.name);
        }
        for (const name of names) {
          if (!convention.test(name)) wrong.push(`${method} ${path}: ${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('docs/api.md', () => {
  const docs = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

  /** The request lines of the examples: `POST /api/cart/` and `$ curl localhost:3000/...`. */
  function exampleRequests(): { method: string; url: string; answered: boolean }[] {
    const blocks = [...docs.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    const requests: { method: string; url: string; answered: boolean }[] = [];
    blocks.forEach((block, index) => {
      const answer = `${block}\n${blocks[index + 1] ?? ''}`;
      for (const line of block.split('\n')) {
        const http = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)/.exec(line);
        const curl = /^\$ curl (?:-I )?'?localhost:3000(\/[^\s']*)/.exec(line);
        const method = http?.[1] ?? (curl ? 'GET' : undefined);
        const url = http?.[2] ?? curl?.[1];
        if (method === undefined || url === undefined) continue;
        requests.push({
          method,
          url,
          // An answer follows in the block or the next one: a status line, or curl's output.
          answered: (http ? /^\d{3} [A-Z{]/m : /^(HTTP\/1\.1 )?\d{3} |^[{[]/m).test(
            answer.slice(answer.indexOf(line) + line.length),
          ),
        });
      }
    });
    return requests;
  }

  test('has an example request and answer of every operation', () => {
    const requests = exampleRequests();
    const missing = ROUTE_DOCS.filter((route) => {
      const pattern = pathPattern(route.path);
      return !requests.some(
        (r) => r.method === route.method.toUpperCase() && pattern.test(r.url) && r.answered,
      );
    }).map(operationOf);
    expect(missing).toEqual([]);
  });

  test('shows no request of an operation the API lacks', () => {
    const unknown = exampleRequests().filter(
      (r) =>
        // The example of the JSON 404 an unknown path answers.
        r.url !== '/api/nope/' &&
        !ROUTE_DOCS.some(
          (route) => r.method === route.method.toUpperCase() && pathPattern(route.path).test(r.url),
        ),
    );
    expect(unknown).toEqual([]);
  });
});
