import { z } from 'zod';
import { isoDateSchema } from './isoDate';

/**
 * How precisely a release date is known: the exact `'day'`, only the `'month_part'`
 * (上旬/中旬/下旬, derived from `date` by `monthPart`), or only the `'month'`.
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
 * A release date as the API sends it: `date` is a wire date and `precision` says how much of it
 * is known. For `'month_part'` and `'month'` the API sends any day inside the known span; by
 * convention its first day (`2026-11-21` for 2026年11月下旬, `2026-11-01` for 2026年11月), so the
 * value also sorts correctly.
 *
 * @example
 * releaseDateSchema.parse({ date: '2026-11-21', precision: 'month_part' });
 */
export const releaseDateSchema = z.object({
  date: isoDateSchema,
  precision: z.enum(RELEASE_DATE_PRECISIONS),
});

/**
 * A release date with its precision: see `releaseDateSchema`.
 *
 * @example
 * const release: ReleaseDate = { date: '2026-11-21', precision: 'month_part' };
 */
export type ReleaseDate = z.infer<typeof releaseDateSchema>;
