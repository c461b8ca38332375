import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { releaseGroupArb, releaseSpanEndOracle } from '../../test/arbitraries';
import { INVALID_DATE_MESSAGE } from '../_lib/assert';
import { latestRelease, type Release } from './latestRelease';
import { RELEASE_DATE_PRECISIONS } from './releaseDatePrecision';

const day = (releaseDate: string): Release => ({ releaseDate, releaseDatePrecision: 'day' });
const part = (releaseDate: string): Release => ({
  releaseDate,
  releaseDatePrecision: 'month_part',
});
const month = (releaseDate: string): Release => ({ releaseDate, releaseDatePrecision: 'month' });
const none: Release = { releaseDate: null, releaseDatePrecision: null };

describe('latestRelease', () => {
  test('is the one release of a group of one, and nothing of a group without a day', () => {
    expect(latestRelease([part('2027-03-11')])).toEqual(part('2027-03-11'));
    expect(latestRelease([])).toEqual(none);
    expect(latestRelease([none, none])).toEqual(none);
    expect(latestRelease([none, month('2027-04-01')])).toEqual(month('2027-04-01'));
  });

  test('on one day, is as vague as the vaguest (中旬 and the 11th wait for 中旬)', () => {
    expect(latestRelease([day('2027-03-11'), part('2027-03-11')])).toEqual(part('2027-03-11'));
    expect(latestRelease([day('2027-03-01'), month('2027-03-01'), part('2027-03-01')])).toEqual(
      month('2027-03-01'),
    );
  });

  test('takes the latest day, as precisely as the earlier releases allow', () => {
    // 3月中旬 ends on the 20th: the 15th is then known only to 中旬, the 25th to the day.
    expect(latestRelease([part('2027-03-11'), day('2027-03-15')])).toEqual(part('2027-03-15'));
    expect(latestRelease([part('2027-03-11'), day('2027-03-25')])).toEqual(day('2027-03-25'));
    // 3月 may be the 31st: the 20th is known only to the month, the 25th to 下旬.
    expect(latestRelease([month('2027-03-01'), day('2027-03-20')])).toEqual(month('2027-03-20'));
    expect(latestRelease([month('2027-03-01'), day('2027-03-25')])).toEqual(part('2027-03-25'));
    // A release of another month is over before: the later day stands as it is.
    expect(latestRelease([month('2027-02-01'), day('2027-03-02')])).toEqual(day('2027-03-02'));
    expect(latestRelease([month('2027-02-01'), part('2027-03-01')])).toEqual(part('2027-03-01'));
  });

  test('ends February and 30-day months on their last day', () => {
    expect(latestRelease([month('2028-02-01'), day('2028-02-29')])).toEqual(day('2028-02-29'));
    expect(latestRelease([month('2027-02-01'), day('2027-02-28')])).toEqual(day('2027-02-28'));
    expect(latestRelease([month('2027-04-01'), day('2027-04-30')])).toEqual(day('2027-04-30'));
    expect(latestRelease([month('2027-04-01'), day('2027-04-29')])).toEqual(part('2027-04-29'));
  });

  test('reads a member without a precision as a day', () => {
    const unknown: Release = { releaseDate: '2027-03-15', releaseDatePrecision: null };
    expect(latestRelease([unknown])).toEqual(day('2027-03-15'));
    expect(latestRelease([unknown, part('2027-03-11')])).toEqual(part('2027-03-15'));
  });

  test('takes date-only days: a date-time or an impossible day throws', () => {
    expect(() => latestRelease([day('2027-03-15T10:00:00+09:00')])).toThrow(INVALID_DATE_MESSAGE);
    expect(() => latestRelease([day('2027-03-15'), month('2027-02-30')])).toThrow(
      INVALID_DATE_MESSAGE,
    );
  });
});

describe('properties', () => {
  /** The last day any dated member may come out on, or undefined for a group without one. */
  const lastPossibleDay = (group: Release[]) =>
    group
      .flatMap((m) =>
        m.releaseDate === null || m.releaseDatePrecision === null
          ? []
          : [releaseSpanEndOracle(m.releaseDate, m.releaseDatePrecision)],
      )
      .sort()
      .at(-1);

  test.prop([releaseGroupArb])('is order-free: the group reversed waits for the same', (group) => {
    expect(latestRelease([...group].reverse())).toEqual(latestRelease(group));
  });

  test.prop([releaseGroupArb])(
    'is the latest day: no member of the group starts after it',
    (group) => {
      const { releaseDate } = latestRelease(group);
      const days = group.flatMap((r) => (r.releaseDate === null ? [] : [r.releaseDate]));
      expect(releaseDate).toBe(days.length === 0 ? null : [...days].sort().at(-1));
    },
  );

  test.prop([releaseGroupArb])(
    'is true: no member may come out after the last day of the release',
    (group) => {
      const release = latestRelease(group);
      if (release.releaseDate === null || release.releaseDatePrecision === null) return;
      const end = releaseSpanEndOracle(release.releaseDate, release.releaseDatePrecision);
      expect((lastPossibleDay(group) ?? '') <= end).toBe(true);
    },
  );

  test.prop([releaseGroupArb])(
    'is as precise as is true: any more precise release of that day ends too early',
    (group) => {
      const release = latestRelease(group);
      if (release.releaseDate === null || release.releaseDatePrecision === null) return;
      const last = lastPossibleDay(group) ?? '';
      const finer = RELEASE_DATE_PRECISIONS.slice(
        0,
        RELEASE_DATE_PRECISIONS.indexOf(release.releaseDatePrecision),
      );
      for (const precision of finer) {
        expect(releaseSpanEndOracle(release.releaseDate, precision) < last).toBe(true);
      }
    },
  );

  test.prop([releaseGroupArb, releaseGroupArb])(
    'is associative: the release of two groups is the release of their two releases',
    (a, b) => {
      expect(latestRelease([latestRelease(a), latestRelease(b)])).toEqual(
        latestRelease([...a, ...b]),
      );
    },
  );
});
