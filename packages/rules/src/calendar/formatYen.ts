import { assert, NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';

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
  const digits = String(Math.abs(yen)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${yen < 0 ? '-' : ''}${digits}円`;
}
