import { ApiError, type ApiTransport, createApiClient } from './api-client';
import { currentSession, refreshSession } from './session';

// The browser's transport to the API on the same origin. State-changing requests carry the
// session's CSRF token; a refused token (the session rotated in another tab, or expired) is
// fetched again and the request retried once, so the shopper never sees that failure.

async function send(path: string, init: RequestInit, token: string | undefined) {
  try {
    return await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { ...(token ? { 'x-csrf-token': token } : {}), ...init.headers },
    });
  } catch {
    throw new ApiError(0, path, { error: { code: 'network_error' } });
  }
}

async function refusedToken(response: Response): Promise<boolean> {
  const { code } = new ApiError(response.status, '', await response.json().catch(() => null));
  return code === 'csrf_token' || code === 'csrf_session';
}

const browserTransport: ApiTransport = async (path, init) => {
  if (init.method === 'GET') return send(path, init, undefined);
  const response = await send(path, init, (await currentSession()).csrfToken);
  if (response.status !== 403 || !(await refusedToken(response.clone()))) return response;
  return send(path, init, (await refreshSession()).csrfToken);
};

/** The API client of every account, cart, checkout and contact request the browser makes. */
export const browserApi = createApiClient(browserTransport);
