// Error messages thrown for programmer errors (bad arguments that the types should have
// prevented). Business outcomes are typed results, never exceptions.

/**
 * Thrown by every rule taking a date for an invalid Date, a string in none of the accepted ISO
 * 8601 forms, or an impossible day, time of day or offset.
 *
 * @example
 * expect(() => monthPart('2026/11/10 23:30')).toThrow(INVALID_DATE_MESSAGE);
 * expect(() => monthPart('2026-02-30T10:00:00+09:00')).toThrow(INVALID_DATE_MESSAGE);
 */
export const INVALID_DATE_MESSAGE = 'Expected a Date or an ISO 8601 string.';

/**
 * Thrown by the money rules (`formatYen`, `shippingFee`, `paymentFee`, `quote`'s point balance)
 * for an amount that is not a safe integer of yen (negative too, where a fee is asked for).
 *
 * @example
 * expect(() => formatYen(1100.5)).toThrow(NON_INTEGER_YEN_MESSAGE);
 */
export const NON_INTEGER_YEN_MESSAGE = 'Expected an integer amount of yen.';

/** Throws a TypeError with `message` unless `condition` holds. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new TypeError(message);
}
