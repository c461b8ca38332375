import type { ApiClient } from '../../../lib/api-client';
import { browserApi } from '../../../lib/browser-api';
import { clearSession, refreshSession, setSession } from '../../../lib/session';
import type { SessionSummary } from '../../../types/account';

export interface Registration {
  email: string;
  password: string;
  name: string;
  /** YYYY-MM-DD; optional (needed only for adult-only items). */
  birthDate?: string;
}

/** POST /api/session/login/: the guest cart is merged into the member's by the API. */
export async function login(email: string, password: string): Promise<SessionSummary> {
  const summary = await browserApi.request<SessionSummary>('POST', '/api/session/login/', {
    email,
    password,
  });
  setSession(summary);
  return summary;
}

/** POST /api/user/register/: registers and logs in at once. */
export async function register(registration: Registration): Promise<SessionSummary> {
  const summary = await browserApi.request<SessionSummary>(
    'POST',
    '/api/user/register/',
    registration,
  );
  setSession(summary);
  return summary;
}

/** POST /api/session/logout/, then a fresh guest session. */
export async function logout(): Promise<void> {
  await browserApi.request<void>('POST', '/api/session/logout/');
  clearSession();
  await refreshSession().catch(() => undefined);
}

/** GET /api/session/ for a page loader: who is shopping, through the shopper's cookie. */
export const getSession = (api: ApiClient) => api.get<SessionSummary>('/api/session/');
