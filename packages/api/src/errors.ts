import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** One field of the request that failed validation. */
export interface ErrorDetail {
  path: string;
  /** Why the field was refused, when the rule says (`card_number`, `invalid_characters`). */
  code?: string;
  message: string;
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
  return c.json(body, error.status);
}
