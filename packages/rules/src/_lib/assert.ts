/**
 * Error messages thrown for programmer errors (bad arguments that the types should have
 * prevented). Business outcomes are typed results, never exceptions.
 */
export const INVALID_DATE_MESSAGE = 'Expected a Date or an ISO 8601 string.';
export const NON_INTEGER_YEN_MESSAGE = 'Expected an integer amount of yen.';

/** Throws a TypeError with `message` unless `condition` holds. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new TypeError(message);
}
