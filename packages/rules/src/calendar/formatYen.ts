import { assert, NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';

// formatCount lives here, beside formatYen: one module, so a page that prints both loads one
// chunk, not two.

/** The message of the TypeError `formatCount` throws for a count that is not an integer. */
export const NON_INTEGER_COUNT_MESSAGE = 'a count must be a safe integer';

/**
 * Formats an integer count (items found, points) the way Japanese shops print it: digits grouped
 * by three with half-width commas; a negative number keeps its minus sign. The same text as
 * `n.toLocaleString('ja-JP')`, without it: the first `toLocaleString` or `Intl.NumberFormat` with
 * a locale loads ICU's number data, 70-120 ms of a phone's main thread (measured at 4× CPU
 * slowdown) in the middle of a page's hydration. Throws a TypeError for a non-integer.
 *
 * @example
 * formatCount(12345); // '12,345'
 * formatCount(0); // '0'
 */
export function formatCount(n: number): string {
  assert(Number.isSafeInteger(n), NON_INTEGER_COUNT_MESSAGE);
  return grouped(n);
}

/** A safe integer's digits grouped by three with half-width commas, its minus sign kept. */
function grouped(n: number): string {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/**
 * Formats an integer amount of yen the way Japanese shops print it: digits grouped by three
 * with half-width commas, then 円 (`Intl.NumberFormat`'s JPY style gives a full-width ￥,
 * which shops do not use). A negative amount (a discount) keeps its minus sign.
 * Throws a TypeError for a non-integer (a programmer error: money is integer yen).
 *
 * @example
 * formatYen(1100); // '1,100円'
 * formatYen(0); // '0円'
 * formatYen(-330); // '-330円'
 */
export function formatYen(yen: number): string {
  assert(Number.isSafeInteger(yen), NON_INTEGER_YEN_MESSAGE);
  return `${grouped(yen)}円`;
}
