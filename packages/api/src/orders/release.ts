import { monthPart, RELEASE_DATE_PRECISIONS, type ReleaseDatePrecision } from '@shop/rules';

/**
 * The release day something waits for and how precisely it is known (@shop/rules
 * RELEASE_DATE_PRECISIONS): a part of a month or a month is stored as its first day (see
 * releaseSpanStart). Both are null for what waits for no release.
 */
export interface Release {
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
}

const MONTH_PART_FIRST_DAYS = { early: '01', middle: '11', late: '21' } as const;

/**
 * The date a release known to `precision` is stored as: the day itself, or the first day of its
 * part of the month (1, 11, 21) or of its month, so that dates of any precision sort together.
 */
export function releaseSpanStart(date: string, precision: ReleaseDatePrecision): string {
  if (precision === 'day') return date;
  const month = date.slice(0, 8);
  if (precision === 'month') return `${month}01`;
  return `${month}${MONTH_PART_FIRST_DAYS[monthPart(date)]}`;
}

/** The last day a release known to `precision` may fall on: the day, the 10th, 20th or month end. */
function releaseSpanEnd(date: string, precision: ReleaseDatePrecision): string {
  if (precision === 'day') return date;
  const part = monthPart(date);
  if (precision === 'month_part' && part !== 'late') {
    return `${date.slice(0, 8)}${part === 'early' ? '10' : '20'}`;
  }
  const lastDay = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0));
  return lastDay.toISOString().slice(0, 10);
}

/**
 * The release a group waits for (the items of an order, the orders of a bundle): the latest
 * release day, known as precisely as is true of the whole group, that is the most precise
 * precision whose span around that day reaches the last day any member may come out on. Items of
 * 2027年3月中旬 (stored as the 11th) and of 3月11日 wait for 3月中旬; of 3月 (stored as the 1st)
 * and of 3月20日, for 3月, since the first may come out on the 31st; of 3月中旬 and of 4月10日, for
 * 4月10日. Members without a day are left out; none with one gives a release of nulls.
 */
export function latestRelease(group: readonly Release[]): Release {
  const dated = group.flatMap((r) =>
    r.releaseDate === null ? [] : [{ date: r.releaseDate, precision: r.releaseDatePrecision }],
  );
  if (dated.length === 0) return { releaseDate: null, releaseDatePrecision: null };
  // ISO dates sort as days do.
  const latest = (dates: string[]) => [...dates].sort().at(-1) ?? '';
  const day = latest(dated.map((r) => r.date));
  const lastPossible = latest(dated.map((r) => releaseSpanEnd(r.date, r.precision ?? 'day')));
  // A month always reaches: every member starts on or before `day`, so ends by its month's end.
  const precision =
    RELEASE_DATE_PRECISIONS.find((p) => releaseSpanEnd(day, p) >= lastPossible) ?? 'month';
  return { releaseDate: day, releaseDatePrecision: precision };
}
