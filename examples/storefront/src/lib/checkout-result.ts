import type { ConfirmResult } from '../types/account';

// The orders a checkout just placed, for /checkout/complete (order numbers, totals and the bank
// transfer details, which only the confirm answer carries). Kept in this tab's sessionStorage
// with the id of the member who placed them: the complete page shows them to that member only,
// and logging out or logging in as someone else forgets them (lib/session.ts).

const RESULT_KEY = 'shop:checkout-result';

interface StoredResult {
  memberId: number;
  result: ConfirmResult;
}

function read(): StoredResult | null {
  try {
    const raw = sessionStorage.getItem(RESULT_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredResult>;
    return typeof stored.memberId === 'number' && stored.result
      ? { memberId: stored.memberId, result: stored.result }
      : null;
  } catch {
    return null;
  }
}

/** Keeps the confirmed orders of `memberId` for /checkout/complete (this tab only). */
export function rememberCheckoutResult(memberId: number, result: ConfirmResult): void {
  try {
    sessionStorage.setItem(RESULT_KEY, JSON.stringify({ memberId, result }));
  } catch {
    // Without storage the complete page points to the order history instead.
  }
}

/** The orders `memberId` placed last in this tab, or null (none, or another member's). */
export function readCheckoutResult(memberId: number): ConfirmResult | null {
  const stored = read();
  return stored?.memberId === memberId ? stored.result : null;
}

/** Forgets the stored orders unless they are `memberId`'s (null: nobody is logged in). */
export function forgetCheckoutResultUnlessOf(memberId: number | null): void {
  if (memberId !== null && read()?.memberId === memberId) return;
  try {
    sessionStorage.removeItem(RESULT_KEY);
  } catch {
    // Storage that cannot be written cannot hold a result either.
  }
}
