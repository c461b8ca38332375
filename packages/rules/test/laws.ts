import { expect } from 'vitest';

/**
 * The law every window rule keeps (rankingWindow, saleWindow): the window of a later moment
 * never starts or ends earlier than the window of an earlier one.
 */
export function expectMovesForward<T>(
  window: (at: T) => { from: string; to: string },
  a: T,
  b: T,
): void {
  const [early, late] = a <= b ? [a, b] : [b, a];
  const first = window(early);
  const second = window(late);
  expect(first.from <= second.from && first.to <= second.to).toBe(true);
}

/** The law every normaliser keeps: applied to its own answer, it changes nothing. */
export function expectIdempotent<T>(normalize: (value: T) => T, value: T): void {
  const once = normalize(value);
  expect(normalize(once)).toBe(once);
}
