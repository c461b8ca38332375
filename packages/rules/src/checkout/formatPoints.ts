import { assert } from '../_lib/assert';

/**
 * Thrown by `formatPoints` and `formatPointChange` for a number of points that is not a safe
 * integer (points are whole, like yen).
 *
 * @example
 * expect(() => formatPoints(1.5)).toThrow(NON_INTEGER_POINTS_MESSAGE);
 */
export const NON_INTEGER_POINTS_MESSAGE = 'Expected an integer number of points.';

function digits(points: number): string {
  return String(Math.abs(points)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A point balance or amount as shops print it: digits grouped by three, then `pt`. A negative
 * balance (a debt after a refund) keeps its minus sign (U+2212, as the shop prints deductions).
 *
 * @example
 * formatPoints(1234); // '1,234pt'
 * formatPoints(0); // '0pt'
 */
export function formatPoints(points: number): string {
  assert(Number.isSafeInteger(points), NON_INTEGER_POINTS_MESSAGE);
  return `${points < 0 ? '−' : ''}${digits(points)}pt`;
}

/**
 * A change of points (a history entry, points used as a deduction): `+` for points gained, `−`
 * (U+2212) for points spent, and no sign for zero, so nothing reads 「−0pt」.
 *
 * @example
 * formatPointChange(120); // '+120pt'
 * formatPointChange(-1500); // '−1,500pt'
 * formatPointChange(0); // '0pt'
 */
export function formatPointChange(points: number): string {
  assert(Number.isSafeInteger(points), NON_INTEGER_POINTS_MESSAGE);
  return points > 0 ? `+${digits(points)}pt` : formatPoints(points);
}
