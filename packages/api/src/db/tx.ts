import type { SQL } from 'drizzle-orm';
import type { Orm } from './client';

/** A drizzle transaction on either engine. */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** Runs hand-written SQL (drizzle's `sql` template, so parameterised) and returns its rows. */
export async function txRows<T>(tx: Tx | Orm, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A business outcome that must undo the whole transaction (out of stock, not enough points):
 * thrown inside `orm.transaction` so it rolls back, caught right outside it and turned into a
 * typed result. Never escapes a service.
 */
export class Rollback<T> extends Error {
  constructor(readonly outcome: T) {
    super('rollback');
  }
}

/** The SQLSTATE of a CHECK violation: the database's backstop for a broken invariant. */
export const CHECK_VIOLATION = '23514';

export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  // drizzle wraps driver errors; the code sits on the innermost cause.
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
