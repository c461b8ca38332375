import { PREFECTURES, type Prefecture } from './prefectures';

/**
 * Whether `value` is exactly one of the 47 prefecture names (no abbreviation: `東京` is not).
 *
 * @example
 * isPrefecture('東京都'); // true
 * isPrefecture('東京'); // false
 */
export function isPrefecture(value: unknown): value is Prefecture {
  return typeof value === 'string' && (PREFECTURES as readonly string[]).includes(value);
}
