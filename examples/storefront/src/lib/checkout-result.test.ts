import { beforeEach, describe, expect, it } from 'vitest';
import { confirmResult, memberView as member, SESSION } from '../testing/fake-api';
import { readCheckoutResult, rememberCheckoutResult } from './checkout-result';
import { setSession } from './session';

// Logging in and out forget it too: features/auth/api/auth.test.ts.

const RESULT = confirmResult();

beforeEach(() => {
  sessionStorage.clear();
  setSession({ ...SESSION, member: member(1) });
});

describe('the checkout result of a tab', () => {
  it('is read back by the member who placed it only', () => {
    rememberCheckoutResult(1, RESULT);
    expect(readCheckoutResult(1)).toEqual(RESULT);
    expect(readCheckoutResult(2)).toBeNull();
  });

  it('is forgotten when the session turns out to be a guest', () => {
    rememberCheckoutResult(1, RESULT);
    setSession(SESSION);
    expect(readCheckoutResult(1)).toBeNull();
  });
});
