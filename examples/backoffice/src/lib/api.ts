import { fieldMessages } from '@shop/ui/field-messages';

// The back office's one client of /api/admin/. Every request goes to the same origin with the
// staff session cookie (credentials same-origin); every write carries the session's CSRF token,
// read from GET /api/admin/session/ and kept until the session changes. Every answer that is not
// 2xx becomes an ApiRequestError with a Japanese message, and a 401 `staff_unauthorized` (no
// staff session, or it ended) tells the app to show the login page.

/** Where the back office API lives; every path below is relative to it. */
export const ADMIN_API = '/api/admin/';

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** A failed request: the API's status, machine code, Japanese message and failed fields. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

// What staff read when the API gave no Japanese message of its own (no answer, a proxy's page),
// or when its message would not tell them what to do.
const FALLBACK_MESSAGES = {
  network_error: '通信できませんでした。ネットワーク接続を確認して、もう一度お試しください。',
  csrf: 'セッションの有効期限が切れました。ページを再読み込みして、もう一度お試しください。',
  server: 'サーバーでエラーが発生しました。時間をおいてもう一度お試しください。',
  other: '処理できませんでした。時間をおいてもう一度お試しください。',
} as const;

/** The codes the API's CSRF check answers with (a stale token after a new login, say). */
const CSRF_CODES = new Set(['csrf_origin', 'csrf_session', 'csrf_token']);

export type Query = Record<string, string | number | boolean | null | undefined>;

/** A path under /api/admin/ with the query's set values, in the order given. */
export function adminUrl(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const url = ADMIN_API + path.replace(/^\//, '');
  return search.size > 0 ? `${url}?${search}` : url;
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown; details?: unknown };
  } | null;
  const error = body?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
  const details = Array.isArray(error?.details) ? (error.details as ApiErrorDetail[]) : [];
  const fallback = CSRF_CODES.has(code)
    ? FALLBACK_MESSAGES.csrf
    : response.status >= 500
      ? FALLBACK_MESSAGES.server
      : FALLBACK_MESSAGES.other;
  const message = typeof error?.message === 'string' && error.message ? error.message : fallback;
  return new ApiRequestError(response.status, code, message, details);
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Calls `listener` whenever a request finds no staff session; answers the unsubscribe. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let csrfToken: string | null = null;

/** Keeps the CSRF token a session answer carried (login, setup, GET session/). */
export function rememberCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * The session's CSRF token, read from GET session/ when none is kept. Before login there is no
 * session and no token (401): login and setup need none, so the write goes without one.
 */
async function currentCsrfToken(): Promise<string | null> {
  if (csrfToken) return csrfToken;
  const response = await fetch(adminUrl('session/'), {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  }).catch(() => null);
  if (!response?.ok) return null;
  const session = (await response.json()) as { csrfToken?: unknown };
  csrfToken = typeof session.csrfToken === 'string' ? session.csrfToken : null;
  return csrfToken;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request body: JSON (any value) or a file as it is (a CSV, an image) with its type. */
export type Body = { json: unknown } | { file: Blob; type: string } | undefined;

async function rawSend(method: Method, url: string, body: Body, retried = false) {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers['content-type'] = body.type;
    payload = body.file;
  }
  if (method !== 'GET') {
    const token = await currentCsrfToken();
    if (token) headers['x-csrf-token'] = token;
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, 'network_error', FALLBACK_MESSAGES.network_error);
  }
  if (response.ok) return response;
  const error = await errorOf(response);
  // A token from before a new login (or a restarted session): fetch the session's and try once.
  if (method !== 'GET' && CSRF_CODES.has(error.code) && !retried) {
    csrfToken = null;
    return rawSend(method, url, body, true);
  }
  if (error.status === 401 && error.code === 'staff_unauthorized') {
    csrfToken = null;
    for (const listener of unauthorizedListeners) listener();
  }
  throw error;
}

async function send<T>(method: Method, path: string, body?: Body, query?: Query): Promise<T> {
  const response = await rawSend(method, adminUrl(path, query), body);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The back office API: JSON in, JSON out, paths relative to /api/admin/. */
export const api = {
  get: <T>(path: string, query?: Query) => send<T>('GET', path, undefined, query),
  post: <T>(path: string, json?: unknown, query?: Query) =>
    send<T>('POST', path, json === undefined ? undefined : { json }, query),
  patch: <T>(path: string, json: unknown) => send<T>('PATCH', path, { json }),
  put: <T>(path: string, json: unknown) => send<T>('PUT', path, { json }),
  delete: <T = void>(path: string) => send<T>('DELETE', path),
  /** Sends a file as the request body (a CSV upload, a cover image). */
  upload: <T>(method: 'POST' | 'PUT', path: string, file: Blob, type: string, query?: Query) =>
    send<T>(method, path, { file, type }, query),
  /** GETs a file (a CSV export) as a Blob. */
  download: async (path: string, query?: Query): Promise<Blob> =>
    (await rawSend('GET', adminUrl(path, query), undefined)).blob(),
};

/** The message to show for any failure: the API's Japanese one, or a general one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : FALLBACK_MESSAGES.other;
}

/** The API's per-field messages, keyed by the field's first path segment (first one wins). */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? fieldMessages(error.details) : {};
}

/**
 * The API's per-field messages by their whole path (`variations.0.unitPrice`), for a form whose
 * rows each show their own messages.
 */
export function pathErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? fieldMessages(error.details, (path) => path) : {};
}
