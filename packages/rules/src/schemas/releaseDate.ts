import { z } from 'zod';
import { RELEASE_DATE_PRECISIONS } from '../calendar/releaseDatePrecision';
import { isoDateSchema } from './isoDate';

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
