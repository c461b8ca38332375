import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { redactPersonalData } from './lib/personal-data';

/** One field of the request that failed validation. */
export interface ErrorDetail {
  path: string;
  /** Why the field was refused, when the rule says (`card_number`, `invalid_characters`). */
  code?: string;
  message: string;
  /** The line of an uploaded file (a CSV import; the header is line 1) the problem is on. */
  line?: number;
  /** The column of that line, by its header name. */
  column?: string;
}

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: string; message: string; details?: ErrorDetail[] };
}

/**
 * The only error type the API throws on purpose: an HTTP status, a machine-readable code for
 * clients and a Japanese message a shopper can read. The app's single onError renders it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    messageJa: string,
    readonly details?: ErrorDetail[],
  ) {
    super(messageJa);
    this.name = 'ApiError';
  }
}

/**
 * An answer that tells the client to come back later, with `Retry-After` (errorResponse writes
 * it): 429 for a throttled key, 503 when a bounded queue (lib/work-gate.ts) is full.
 */
export class ThrottledError extends ApiError {
  constructor(
    status: 429 | 503,
    code: string,
    messageJa: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, messageJa);
  }
}

export const MESSAGES = {
  notFound: 'お探しのページは見つかりませんでした。',
  productNotFound: 'お探しの商品は見つかりませんでした。',
  invalidRequest: 'リクエストの内容に誤りがあります。',
  badRequest: 'リクエストの形式が正しくありません。',
  internal: 'サーバー上で技術的なエラーが発生しました。',
  databaseUnavailable:
    'ただいまアクセスが集中しているか、メンテナンス中です。しばらくしてから再度お試しください。',
} as const;

/**
 * Whether an error means the database could not be reached or dropped the connection (the
 * server restarting, shutting down or refusing connections; SQLSTATE classes 08 and 57P), as
 * opposed to a bug: a request that meets it answers 503 so clients retry later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(08|57P0[1-3]|ECONNREFUSED|ECONNRESET)/.test(code)) {
      return true;
    }
    if (/Connection terminated|Client has encountered a connection error/.test(current.message)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function notFound(message: string = MESSAGES.notFound): ApiError {
  return new ApiError(404, 'not_found', message);
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details?.length) body.error.details = error.details;
  if (error instanceof ThrottledError) c.header('Retry-After', String(error.retryAfterSeconds));
  return c.json(body, error.status);
}

/** How many causes one log entry follows (drizzle → driver → socket is three). */
const MAX_CAUSES = 5;
/** Stack frames logged for the outermost error. */
const MAX_FRAMES = 12;

/**
 * A message as a log may show it. drizzle's DrizzleQueryError writes the whole statement and
 * its parameters into its message (`Failed query: …\nparams: …`): only that it failed is kept.
 * PostgreSQL quotes the offending value in some messages (`invalid input syntax for type date:
 * "…"`, `value "…" is out of range`, a key's `(email)=(…)`): those values are masked;
 * identifiers (`constraint "…"`) stay.
 */
function safeMessage(message: string): string {
  if (message.startsWith('Failed query'))
    return 'Failed query (statement and parameters not logged)';
  return message
    .replace(/(: |\bvalue )"(?:[^"]|"")*"/g, '$1"…"')
    .replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, ')=(…)');
}

/** The parts of one error a log shows: class, code, where in the schema, message. */
function describeOne(error: Error): string {
  const fields = error as Error & Record<string, unknown>;
  const code =
    typeof fields.code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(fields.code)
      ? `[${fields.code}]`
      : '';
  const schema = ['table', 'column', 'constraint']
    .filter((key) => typeof fields[key] === 'string' && fields[key] !== '')
    .map((key) => `${key} ${String(fields[key])}`);
  const where = schema.length > 0 ? ` (${schema.join(', ')})` : '';
  return `${errorClass(error)}${code}${where}: ${safeMessage(error.message)}`;
}

/**
 * What kind of error this is. drizzle's DrizzleQueryError keeps the name `Error` (its class
 * says more); pg's and PGlite's DatabaseError are named `error`, after the protocol message
 * (and PGlite's class name is minified).
 */
function errorClass(error: Error): string {
  if (error.name === 'error') return 'DatabaseError';
  const className = error.constructor?.name;
  return error.name === 'Error' && className ? className : error.name;
}

/**
 * An error as the shop's log shows it: the class, code and message of the error and of each
 * cause, and the outermost error's stack frames. Nothing else of an error is read, because a
 * failed statement's error carries the statement and its parameters (drizzle's `query` and
 * `params`, PGlite's too) and PostgreSQL's `detail`, `where` and `hint` quote the row (`Key
 * (email)=(a@b.c) already exists`): with personal data in those parameters, the log would hold
 * e-mail addresses, password hashes, names and birth dates. The result still passes through
 * redactPersonalData (logLine).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `non-error value thrown: ${safeMessage(String(error))}`;
  const lines = [describeOne(error)];
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  lines.push(...frames.slice(0, MAX_FRAMES));
  const seen = new Set<unknown>([error]);
  let cause: unknown = error.cause;
  for (let depth = 0; depth < MAX_CAUSES && cause !== undefined && !seen.has(cause); depth++) {
    seen.add(cause);
    lines.push(
      `  caused by ${cause instanceof Error ? describeOne(cause) : `a non-error value: ${safeMessage(String(cause))}`}`,
    );
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines.join('\n');
}

/**
 * One entry of the shop's log: the message and, when given, the error (describeError), with
 * every e-mail address, password hash and session cookie masked whatever wrote them.
 */
export function logLine(message: string, error?: unknown): string {
  return redactPersonalData(error === undefined ? message : `${message}\n${describeError(error)}`);
}

/**
 * The shop's log on stdout and stderr (AppDeps.log of the server and of the scripts): the only
 * way the shop writes a message or an error, so every entry goes through logLine. Request
 * bodies, query parameters and cookies are never passed to it.
 */
export function consoleLog(message: string, error?: unknown): void {
  if (error === undefined) console.log(logLine(message));
  else console.error(logLine(message, error));
}
