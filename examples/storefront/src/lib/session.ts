import { useSyncExternalStore } from 'react';
import type { SessionSummary } from '../types/account';
import { forgetCheckoutResultUnlessOf } from './checkout-result';

// The shopper's session as GET /api/session/ describes it, shared by the header, the login
// modal and every account page. The server renders without it (pages are cached per cookie
// only by the browser), so it is fetched once after hydration and replaced after each change.

export interface SessionState {
  /** 'loading' until the first answer; the header shows a neutral placeholder meanwhile. */
  status: 'loading' | 'ready' | 'failed';
  summary: SessionSummary | null;
}

let state: SessionState = { status: 'loading', summary: null };
let pending: Promise<SessionSummary> | null = null;
const listeners = new Set<() => void>();
const SERVER_STATE: SessionState = { status: 'loading', summary: null };

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Replaces the session with an answer of the API (login, registration, GET /api/session/). The
 * tab's last checkout result stays only while its member is the one logged in.
 */
export function setSession(summary: SessionSummary): void {
  forgetCheckoutResultUnlessOf(summary.member?.id ?? null);
  emit({ status: 'ready', summary });
}

/** Forgets the session (after logout or withdrawal): the next request starts a guest session. */
export function clearSession(): void {
  forgetCheckoutResultUnlessOf(null);
  emit({ status: 'loading', summary: null });
}

/** Updates only the header's counters (after a cart change, a checkout, or reading お知らせ). */
export function patchSession(
  patch: Partial<Pick<SessionSummary, 'points' | 'cartCount' | 'unreadNotices'>>,
): void {
  if (state.summary) emit({ status: 'ready', summary: { ...state.summary, ...patch } });
}

/** Fetches GET /api/session/ (once at a time); starts a guest session when there is none. */
export function refreshSession(): Promise<SessionSummary> {
  if (pending) return pending;
  pending = fetch('/api/session/', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`session: HTTP ${response.status}`);
      const summary = (await response.json()) as SessionSummary;
      setSession(summary);
      return summary;
    })
    .catch((error: unknown) => {
      if (!state.summary) emit({ status: 'failed', summary: null });
      throw error;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The current session, fetching it when nothing is known yet. */
export async function currentSession(): Promise<SessionSummary> {
  return state.summary ?? refreshSession();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session for rendering; the server and the first client render see 'loading'. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}
