// The one client of the shop's API, for the server renderer and the browser alike. Only the
// transport differs: the page loaders get the API in-process (PageRequest.api: Hono's
// app.request with the shopper's cookie, no network hop), the browser fetches the same origin
// with the session's CSRF token (lib/browser-api.ts). Paths, queries, JSON and errors are read
// here once for both.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A query string as a loader has it (the page's own search) or as a caller builds it. */
export type ApiQuery = URLSearchParams | Record<string, string | undefined>;

/**
 * Sends one request and answers the API's response. A transport that cannot reach the API at all
 * throws (the browser's throws an ApiError with the code `network_error`).
 */
export type ApiTransport = (
  path: string,
  init: RequestInit & { method: Method },
) => Promise<Response>;

interface ErrorBody {
  error?: { code?: string; message?: string; details?: { path: string; message: string }[] };
}

/**
 * An answer of the API that is not 2xx (or no answer: status 0, code `network_error`). `code`,
 * `apiMessage` (the API's Japanese message, if it sent one) and `details` (the fields that failed
 * validation) come from its error body; `message` names the status and path, for logs and the
 * server's error page.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly apiMessage: string | undefined;
  readonly details: { path: string; message: string }[];

  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(`API ${status} for ${path}`);
    this.name = 'ApiError';
    const error = (body as ErrorBody | null)?.error;
    this.code = typeof error?.code === 'string' ? error.code : 'http_error';
    this.apiMessage = typeof error?.message === 'string' ? error.message : undefined;
    this.details = Array.isArray(error?.details) ? error.details : [];
  }
}

export interface ApiClient {
  /** GETs a path (with a query) and answers its JSON. */
  get<T>(path: string, query?: ApiQuery): Promise<T>;
  /** Sends a JSON body (if any) and answers the JSON answer, undefined for 204. */
  request<T>(
    method: Method,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T>;
}

function withQuery(path: string, query: ApiQuery | undefined): string {
  const search = new URLSearchParams();
  if (query instanceof URLSearchParams) for (const [k, v] of query) search.append(k, v);
  else if (query) for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, v);
  return search.size > 0 ? `${path}?${search}` : path;
}

/** The API client over a transport; every failure answer becomes an ApiError. */
export function createApiClient(transport: ApiTransport): ApiClient {
  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await transport(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      throw new ApiError(response.status, path, await response.json().catch(() => null));
    }
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
  return {
    get: <T>(path: string, query?: ApiQuery) => request<T>('GET', withQuery(path, query)),
    request,
  };
}
