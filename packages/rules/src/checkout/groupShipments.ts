import { isReleased } from '../calendar/isReleased';
import { latestRelease, type Release } from '../calendar/latestRelease';
import type { ReleaseDatePrecision } from '../calendar/releaseDatePrecision';

/**
 * The shipments a checkout makes of its lines, in shipping order: what is out by `now` (or has no
 * release day) first, then one reservation per release day `sellStartDate` in release order. A
 * vague release is stored on its span's first day (`releaseSpanStart`), so a 3月中旬 item ships
 * with an item of 3月11日. Each shipment waits for `latestRelease` of its lines on its day: it is
 * known only as precisely as its vaguest line, and a shipment of what is out waits for a release
 * of nulls. Lines keep their cart order within a shipment and are the objects given. A release
 * day `isReleased` cannot read, or an unreleased one that is not date-only, throws a TypeError
 * with INVALID_DATE_MESSAGE.
 *
 * @example
 * groupShipments(
 *   [
 *     { sellStartDate: '2027-03-25', releaseDatePrecision: 'day' },
 *     { sellStartDate: '2027-03-11', releaseDatePrecision: 'month_part' }, // 3月中旬
 *     { sellStartDate: '2026-11-01', releaseDatePrecision: 'day' },
 *     { sellStartDate: '2027-03-11', releaseDatePrecision: 'day' },
 *   ],
 *   new Date('2026-11-25T01:00:00Z'),
 * );
 * // [
 * //   { releaseDate: null, releaseDatePrecision: null, lines: [the 2026-11-01 line] },
 * //   { releaseDate: '2027-03-11', releaseDatePrecision: 'month_part', lines: [中旬, 3月11日] },
 * //   { releaseDate: '2027-03-25', releaseDatePrecision: 'day', lines: [the 3月25日 line] },
 * // ]
 */
export function groupShipments<
  L extends { sellStartDate: string | null; releaseDatePrecision: ReleaseDatePrecision | null },
>(lines: readonly L[], now: Date): (Release & { lines: L[] })[] {
  const byDay = new Map<string | null, L[]>();
  for (const line of lines) {
    const day =
      line.sellStartDate !== null && !isReleased(line.sellStartDate, now)
        ? line.sellStartDate
        : null;
    const group = byDay.get(day);
    if (group === undefined) byDay.set(day, [line]);
    else group.push(line);
  }
  // Date-only days sort as strings do; what is out (null) goes first.
  return [...byDay.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a < b ? -1 : 1))
    .map(([day, group]) => ({
      ...latestRelease(
        group.map((line) => ({
          releaseDate: day,
          releaseDatePrecision: line.releaseDatePrecision,
        })),
      ),
      lines: group,
    }));
}
