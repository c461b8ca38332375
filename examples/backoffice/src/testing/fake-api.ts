import { vi } from 'vitest';
import { readFile } from '../lib/read-file';
import type { StaffMember, StaffSession } from '../lib/session';

// A stand-in for /api/admin/ in component tests: `fetch` answers from handlers keyed by
// 'METHOD /api/admin/path/' (the query is the handler's to read) and remembers every request
// with its headers. Anything without a handler answers 404 as the real API does.

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The JSON body, or the text of a file body. */
  body: unknown;
}

export type Handler = (request: FakeRequest) => unknown;

/** An API error answer as the API sends it. */
export function apiError(
  status: number,
  code: string,
  message: string,
  details?: { path: string; message: string }[],
): Response {
  return Response.json({ error: { code, message, ...(details ? { details } : {}) } }, { status });
}

export const OWNER: StaffMember = {
  id: 1,
  name: '山田 花子',
  email: 'owner@example.jp',
  role: 'owner',
  totpEnabled: true,
  passwordChangeRequired: false,
  locked: false,
  lockedUntil: null,
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** A read-only staff member: sees every page, and no way to change anything. */
export const READ_ONLY: StaffMember = { ...OWNER, role: 'read_only' };

export const CSRF_TOKEN = 'csrf-token-of-the-test';

/** The session answer of `staff`, with nothing left to do unless `pending` says so. */
export function sessionOf(
  staff: StaffMember = OWNER,
  pending: Partial<Pick<StaffSession, 'totpRequired' | 'passwordChangeRequired'>> = {},
): StaffSession {
  return {
    staff,
    csrfToken: CSRF_TOKEN,
    totpEnabled: staff.totpEnabled,
    totpRequired: false,
    passwordChangeRequired: false,
    ...pending,
  };
}

/** GET session/ as the API answers it: `staff`'s session, or 401 when nobody is signed in. */
export function sessionHandler(staff: StaffMember | null = OWNER): () => unknown {
  return () =>
    staff === null
      ? apiError(401, 'staff_unauthorized', 'スタッフとしてログインしてください。')
      : sessionOf(staff);
}

/**
 * OWNER's session as a test signs in and out: `read` answers GET session/ as the API does at that
 * moment (the session, or 401), `signIn` and `signOut` change it and answer as the API's login
 * (the new session) and logout (204) do.
 */
export function switchableSession(signedIn: boolean) {
  let current = signedIn;
  return {
    read: () => sessionHandler(current ? OWNER : null)(),
    signIn: () => {
      current = true;
      return sessionOf();
    },
    signOut: () => {
      current = false;
      return new Response(null, { status: 204 });
    },
  };
}

/** A keyset list of one page: `items`, and nothing after them. */
export function onePage(items: unknown[]): Handler {
  return () => ({ items, nextCursor: null });
}

/**
 * A keyset list of two pages: `first` with `nextCursor`, then (asked with any cursor) `next`
 * as the last page.
 */
export function twoPages(first: unknown[], nextCursor: string, next: unknown[] = []): Handler {
  return (request) =>
    request.url.searchParams.get('cursor')
      ? { items: next, nextCursor: null }
      : { items: first, nextCursor };
}

export function fakeApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    let body: unknown;
    if (typeof init.body === 'string') {
      body = headers.get('content-type') === 'application/json' ? JSON.parse(init.body) : init.body;
    } else if (init.body instanceof Blob) {
      body = await readFile(init.body, 'text');
    }
    const request = { method, url, headers, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, 'not_found', '見つかりません。');
    const answer = await handler(request);
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    /** The requests to one 'METHOD /path/' (without query). */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === key),
  };
}
