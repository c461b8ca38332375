import { BrowserApiError } from './browser-api';
import { currentSession, refreshSession } from './session';

// Every account, cart and checkout request of the browser. State-changing requests carry the
// session's CSRF token; a refused token (the session rotated in another tab, or expired) is
// fetched again and the request retried once, so the shopper never sees that failure.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface ErrorBody {
  error?: { code?: string; message?: string; details?: { path: string; message: string }[] };
}

async function toError(response: Response): Promise<BrowserApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  return new BrowserApiError(
    response.status,
    body.error?.code ?? 'http_error',
    body.error?.message ?? '',
    body.error?.details ?? [],
  );
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  token: string | undefined,
): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'x-csrf-token': token } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new BrowserApiError(0, 'network_error', '', []);
  }
}

/**
 * Calls the API on the same origin and answers its JSON (undefined for 204); throws
 * BrowserApiError with the API's code, message and field details otherwise.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const needsToken = method !== 'GET';
  const token = needsToken ? (await currentSession()).csrfToken : undefined;
  let response = await send(method, path, body, headers, token);
  if (needsToken && response.status === 403) {
    const error = await toError(response);
    if (error.code !== 'csrf_token' && error.code !== 'csrf_session') throw error;
    const fresh = await refreshSession();
    response = await send(method, path, body, headers, fresh.csrfToken);
  }
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);
