/**
 * How precisely a release date is known: the exact `'day'`, only the `'month_part'`
 * (上旬/中旬/下旬, derived from `date` by `monthPart`), or only the `'month'`. In a module of its
 * own, without zod, so that the calendar rules reading it stay small in a browser bundle.
 *
 * @example
 * RELEASE_DATE_PRECISIONS.includes('month_part'); // true
 */
export const RELEASE_DATE_PRECISIONS = ['day', 'month_part', 'month'] as const;

/**
 * How precisely a release date is known: see `RELEASE_DATE_PRECISIONS`.
 *
 * @example
 * const precision: ReleaseDatePrecision = 'month_part';
 */
export type ReleaseDatePrecision = (typeof RELEASE_DATE_PRECISIONS)[number];

/**
 * How a form names each precision when staff say how well a release date is known (the back
 * office's product form and its postponement dialog). Typed over every precision, so a new one
 * fails to compile until it is named.
 *
 * @example
 * RELEASE_DATE_PRECISION_LABELS.month_part; // '上旬・中旬・下旬まで'
 */
export const RELEASE_DATE_PRECISION_LABELS: Readonly<Record<ReleaseDatePrecision, string>> = {
  day: '日付まで',
  month_part: '上旬・中旬・下旬まで',
  month: '月まで',
};
