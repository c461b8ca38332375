import { PREFECTURES } from './prefectures';

/**
 * The two-digit JIS X 0401 code of a prefecture (the first two digits of a 全国地方公共団体コード),
 * or undefined for a name that is not one of the 47.
 *
 * @example
 * prefectureCode('北海道'); // '01'
 * prefectureCode('東京都'); // '13'
 * prefectureCode('東京'); // undefined
 */
export function prefectureCode(name: string): string | undefined {
  const index = (PREFECTURES as readonly string[]).indexOf(name);
  return index < 0 ? undefined : String(index + 1).padStart(2, '0');
}
