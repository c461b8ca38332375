import { assert, INVALID_DATE_MESSAGE } from '../_lib/assert';
import { isDateOnly } from '../_lib/jst';
import { releaseSpanEnd } from '../_lib/releaseSpanEnd';
import { RELEASE_DATE_PRECISIONS, type ReleaseDatePrecision } from './releaseDatePrecision';

/**
 * The release something waits for, as the API sends it beside an order, a shipment or a bundle:
 * a date-only day `yyyy-MM-dd` and how precisely it is known, a part of a month or a month
 * stored as its first day (`releaseSpanStart`). Both are null for what waits for no release.
 *
 * @example
 * const release: Release = { releaseDate: '2027-03-11', releaseDatePrecision: 'month_part' };
 */
export interface Release {
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
}

/**
 * The release a group waits for (the items of an order or a shipment, the orders of a bundle):
 * the latest release day, known as precisely as is true of the whole group, that is the most
 * precise precision whose span around that day reaches the last day any member may come out
 * on. Members without a day are left out, a member without a precision counts as a day, and a
 * group with no day waits for a release of nulls. A day that is not a date-only string throws a
 * TypeError with INVALID_DATE_MESSAGE.
 *
 * @example
 * // 3月中旬 and 3月11日 wait for 3月中旬; 3月中旬 and 3月15日 too: the first may be the 20th.
 * latestRelease([
 *   { releaseDate: '2027-03-11', releaseDatePrecision: 'month_part' },
 *   { releaseDate: '2027-03-15', releaseDatePrecision: 'day' },
 * ]); // { releaseDate: '2027-03-15', releaseDatePrecision: 'month_part' }
 * // 3月 may be the 31st: with 3月20日 the group waits for 3月.
 * latestRelease([
 *   { releaseDate: '2027-03-01', releaseDatePrecision: 'month' },
 *   { releaseDate: '2027-03-20', releaseDatePrecision: 'day' },
 * ]); // { releaseDate: '2027-03-20', releaseDatePrecision: 'month' }
 * latestRelease([]); // { releaseDate: null, releaseDatePrecision: null }
 */
export function latestRelease(group: readonly Release[]): Release {
  const dated = group.flatMap((r) =>
    r.releaseDate === null ? [] : [{ date: r.releaseDate, precision: r.releaseDatePrecision }],
  );
  for (const { date } of dated) assert(isDateOnly(date), INVALID_DATE_MESSAGE);
  if (dated.length === 0) return { releaseDate: null, releaseDatePrecision: null };
  // Date-only strings sort as days do.
  const latest = (dates: string[]) => [...dates].sort().at(-1) ?? '';
  const day = latest(dated.map((r) => r.date));
  const lastPossible = latest(dated.map((r) => releaseSpanEnd(r.date, r.precision ?? 'day')));
  // A month always reaches: every member starts on or before `day`, so ends by its month's end.
  const precision =
    RELEASE_DATE_PRECISIONS.find((p) => releaseSpanEnd(day, p) >= lastPossible) ?? 'month';
  return { releaseDate: day, releaseDatePrecision: precision };
}
