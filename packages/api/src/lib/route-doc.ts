import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { RouterRoute } from 'hono/types';
import type * as z from 'zod';

// What the OpenAPI document says of each route, declared beside the route's handler:
// `documented({ tag, summary, response, ... })` is a middleware that only carries the
// description, and `validate(target, schema)` (lib/validate.ts) carries the schema it validates
// with. routeDocsOf(app.routes) reads both off the app's own routes, so an operation's path,
// method and parameters are the ones the router and the validators use; src/openapi.ts turns
// them into the document. This module imports no route and no document, so neither imports the
// other (no cycle).

/** The statuses an operation answers when it succeeds. */
export type SuccessStatus = 200 | 201 | 204;

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path, `{name}` for parameters. */
  path: string;
  tag: Tag;
  summary: string;
  /**
   * Who may call it: a logged-in member (session cookie, else 401 `login_required`), the shop's
   * operator (`Authorization: Bearer`), or a staff member whose role grants the permission after
   * `staff:` (staff/access.ts: 401 `staff_unauthorized`, 403 `staff_forbidden`); anyone when
   * omitted.
   */
  access?: 'member' | 'operator' | 'staff:read' | 'staff:write' | 'staff:owner';
  /** Path parameters: the schema the route validates with, unless `parsedBy` says otherwise. */
  params?: z.ZodObject;
  /** Query parameters: the schema the route validates with, unless `parsedBy` says otherwise. */
  query?: z.ZodObject;
  /** The JSON body: the schema the route validates with. */
  body?: z.ZodType;
  /**
   * A body that is not JSON (a CSV file, an image), read by the handler: its media types and
   * what it is.
   */
  rawBody?: { mediaTypes: readonly string[]; description: string };
  /**
   * Who reads the parameters when no zod schema validates them (a @shop/rules parser or the
   * handler itself): they are documented for clients, and never refused as `invalid_*`.
   */
  parsedBy?: string;
  /** The request carries an `Idempotency-Key` header (a UUID), required. */
  idempotencyKey?: true;
  /** Each success status and what it means; `{ 200: 'OK' }` when omitted. */
  success?: Partial<Record<SuccessStatus, string>>;
  /** JSON response schema of the success statuses (none for 204 and binary answers). */
  response?: z.ZodType;
  /** A binary answer: its media type and what it is, instead of `response`. */
  binary?: { mediaType: string; description: string };
  /** When the operation answers 301 to another URL (in `Location`) instead. */
  redirect?: string;
  /** Refusals particular to this operation, by status: the codes and when. */
  errors?: Record<number, string>;
  /** False for the routes that never read the database (so never 503 `database_unavailable`). */
  database?: false;
}

/** The areas of the API, in the order a reader meets them; every operation is in one. */
export const TAGS = {
  accounts: 'Sessions, login, registration, the member page, address book, cards and favorites',
  cart: 'The cart of the session (guests and members)',
  checkout: 'Quotes and confirmation of a cart or a reservation',
  orders: "A member's orders, their cancellation and points",
  bundle: 'Bundling pre-orders that ship together',
  operator: "The shop's operator operations (bearer token)",
  admin: "The back office of the shop's staff (staff login or a staff API token; roles)",
  notifications: "Mail the shop sends: the one-click unsubscribe of a member's non-essential mails",
  catalog: 'Products, search, rankings and release lists',
  content: 'News, showcases, the signed-book gallery, series and authors',
  media: 'Cover images and their resized variants',
  system: 'Health, this document and the storefront build',
} as const;
export type Tag = keyof typeof TAGS;

/**
 * What a route declares beside its handler: everything but its method and path (the router's)
 * and its parameters and body (its validators'), which it names itself only when no validator
 * reads them (`parsedBy`).
 */
export type OperationDoc = Omit<RouteDoc, 'method' | 'path' | 'body'>;

const OPERATION_DOC = Symbol('operationDoc');
const VALIDATED = Symbol('validated');

type Marked = MiddlewareHandler & {
  [OPERATION_DOC]?: OperationDoc;
  [VALIDATED]?: { target: keyof ValidationTargets; schema: z.ZodType };
};

/** A middleware that does nothing but carry its route's OpenAPI description. */
export function documented(doc: OperationDoc): MiddlewareHandler {
  const middleware: Marked = async (_c, next) => {
    await next();
  };
  middleware[OPERATION_DOC] = doc;
  return middleware;
}

/** Marks a validator middleware with the part of the request it validates and its schema. */
export function markValidator<M extends MiddlewareHandler>(
  middleware: M,
  target: keyof ValidationTargets,
  schema: z.ZodType,
): M {
  (middleware as Marked)[VALIDATED] = { target, schema };
  return middleware;
}

/** `/api/products/:slug/` as OpenAPI writes it: `/api/products/{slug}/`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The documented operations of an app, from its routes (`app.routes`): each method and path
 * whose handlers include a `documented` middleware, with the schemas of its validators as its
 * path parameters, query and body.
 */
export function routeDocsOf(routes: readonly RouterRoute[]): RouteDoc[] {
  const byOperation = new Map<string, RouterRoute[]>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method.toLowerCase()} ${route.path}`;
    byOperation.set(key, [...(byOperation.get(key) ?? []), route]);
  }
  const docs: RouteDoc[] = [];
  for (const handlers of byOperation.values()) {
    const marks = handlers.map((route) => route.handler as Marked);
    const doc = marks.find((mark) => mark[OPERATION_DOC])?.[OPERATION_DOC];
    if (!doc) continue;
    const first = handlers[0] as RouterRoute;
    const validated: Partial<Pick<RouteDoc, 'params' | 'query' | 'body'>> = {};
    for (const mark of marks) {
      const validator = mark[VALIDATED];
      if (validator?.target === 'param') validated.params = validator.schema as z.ZodObject;
      if (validator?.target === 'query') validated.query = validator.schema as z.ZodObject;
      if (validator?.target === 'json') validated.body = validator.schema;
    }
    docs.push({
      method: first.method.toLowerCase() as RouteDoc['method'],
      path: openApiPath(first.path),
      ...validated,
      ...doc,
    });
  }
  return docs;
}
