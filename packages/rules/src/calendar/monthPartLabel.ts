import type { DateInput } from '../_lib/jst';
import { type MonthPart, monthPart } from './monthPart';

/**
 * The Japanese label of each part of a month.
 *
 * @example
 * MONTH_PART_LABELS.late; // '下旬'
 */
export const MONTH_PART_LABELS = {
  early: '上旬',
  middle: '中旬',
  late: '下旬',
} as const satisfies Record<MonthPart, string>;

/**
 * A month-part label: 上旬, 中旬 or 下旬.
 *
 * @example
 * const label: MonthPartLabel = monthPartLabel('2026-11-05'); // '上旬'
 */
export type MonthPartLabel = (typeof MONTH_PART_LABELS)[MonthPart];

/**
 * The Japanese label of the part of its month a date falls in (JST): 上旬, 中旬 or 下旬.
 *
 * @example
 * monthPartLabel('2026-11-05'); // '上旬'
 * monthPartLabel('2026-11-15'); // '中旬'
 * monthPartLabel('2026-11-30'); // '下旬'
 */
export function monthPartLabel(date: DateInput): MonthPartLabel {
  return MONTH_PART_LABELS[monthPart(date)];
}
