import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCheckoutResult, rememberCheckoutResult } from '../../../lib/checkout-result';
import { setSession } from '../../../lib/session';
import { confirmResult, fakeApi, memberView as member, SESSION } from '../../../testing/fake-api';
import type { SessionSummary } from '../../../types/account';
import { login, logout } from './auth';

const RESULT = confirmResult();

let loginAs: SessionSummary;

beforeEach(() => {
  sessionStorage.clear();
  loginAs = { ...SESSION, member: member(1) };
  fakeApi({
    'GET /api/session/': () => SESSION,
    'POST /api/session/login/': () => loginAs,
    'POST /api/session/logout/': () => new Response(null, { status: 204 }),
  });
  setSession({ ...SESSION, member: member(1) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the tab's checkout result, at login and logout", () => {
  it('is forgotten at logout', async () => {
    rememberCheckoutResult(1, RESULT);
    await logout();
    expect(readCheckoutResult(1)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('is forgotten when another member logs in, and kept when the same one does', async () => {
    rememberCheckoutResult(1, RESULT);
    await login('member1@example.jp', 'password-1');
    expect(readCheckoutResult(1)).toEqual(RESULT);
    loginAs = { ...SESSION, member: member(2) };
    await login('member2@example.jp', 'password-2');
    expect(readCheckoutResult(1)).toBeNull();
    expect(readCheckoutResult(2)).toBeNull();
  });
});
