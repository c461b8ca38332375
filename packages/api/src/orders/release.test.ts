import { fc, test as propTest } from '@fast-check/vitest';
import { RELEASE_DATE_PRECISIONS, type ReleaseDatePrecision } from '@shop/rules';
import { describe, expect, test } from 'vitest';
import { latestRelease, type Release, releaseSpanStart } from './release';

const day = (releaseDate: string): Release => ({ releaseDate, releaseDatePrecision: 'day' });
const part = (releaseDate: string): Release => ({
  releaseDate,
  releaseDatePrecision: 'month_part',
});
const month = (releaseDate: string): Release => ({ releaseDate, releaseDatePrecision: 'month' });
const none: Release = { releaseDate: null, releaseDatePrecision: null };

describe('releaseSpanStart', () => {
  test('stores a part of a month or a month as its first day', () => {
    expect(releaseSpanStart('2027-03-15', 'day')).toBe('2027-03-15');
    expect(releaseSpanStart('2027-03-10', 'month_part')).toBe('2027-03-01');
    expect(releaseSpanStart('2027-03-15', 'month_part')).toBe('2027-03-11');
    expect(releaseSpanStart('2027-03-31', 'month_part')).toBe('2027-03-21');
    expect(releaseSpanStart('2027-03-31', 'month')).toBe('2027-03-01');
  });
});

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
});

// ── properties ──

/** The last day a release may fall on, from the calendar (the definition the rule must meet). */
function lastDayOf(date: string, precision: ReleaseDatePrecision): string {
  if (precision === 'day') return date;
  const dayOfMonth = Number(date.slice(8, 10));
  if (precision === 'month_part' && dayOfMonth <= 10) return `${date.slice(0, 8)}10`;
  if (precision === 'month_part' && dayOfMonth <= 20) return `${date.slice(0, 8)}20`;
  const end = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0));
  return end.toISOString().slice(0, 10);
}

/** A release as the shop stores it (a vague one on its first day), or none. */
const releaseArb: fc.Arbitrary<Release> = fc.oneof(
  fc.constant(none),
  fc
    .record({
      date: fc.date({
        min: new Date('2027-01-01T00:00:00Z'),
        max: new Date('2028-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      precision: fc.constantFrom(...RELEASE_DATE_PRECISIONS),
    })
    .map(({ date, precision }) => ({
      releaseDate: releaseSpanStart(date.toISOString().slice(0, 10), precision),
      releaseDatePrecision: precision,
    })),
);
const groupArb = fc.array(releaseArb, { maxLength: 6 });

describe('properties', () => {
  propTest.prop([groupArb])('is order-free: the group reversed waits for the same', (group) => {
    expect(latestRelease([...group].reverse())).toEqual(latestRelease(group));
  });

  propTest.prop([groupArb])(
    'is the latest day: no member of the group starts after it',
    (group) => {
      const { releaseDate } = latestRelease(group);
      const days = group.flatMap((r) => (r.releaseDate === null ? [] : [r.releaseDate]));
      expect(releaseDate).toBe(days.length === 0 ? null : [...days].sort().at(-1));
    },
  );

  propTest.prop([groupArb])(
    'is true: no member may come out after the last day of the release',
    (group) => {
      const release = latestRelease(group);
      if (release.releaseDate === null || release.releaseDatePrecision === null) return;
      const end = lastDayOf(release.releaseDate, release.releaseDatePrecision);
      for (const member of group) {
        if (member.releaseDate === null || member.releaseDatePrecision === null) continue;
        expect(lastDayOf(member.releaseDate, member.releaseDatePrecision) <= end).toBe(true);
      }
    },
  );

  propTest.prop([groupArb])(
    'is as precise as is true: any more precise release of that day ends too early',
    (group) => {
      const release = latestRelease(group);
      if (release.releaseDate === null || release.releaseDatePrecision === null) return;
      const last = group
        .flatMap((m) =>
          m.releaseDate === null || m.releaseDatePrecision === null
            ? []
            : [lastDayOf(m.releaseDate, m.releaseDatePrecision)],
        )
        .sort()
        .at(-1);
      const finer = RELEASE_DATE_PRECISIONS.slice(
        0,
        RELEASE_DATE_PRECISIONS.indexOf(release.releaseDatePrecision),
      );
      for (const precision of finer) {
        expect(lastDayOf(release.releaseDate, precision) < (last ?? '')).toBe(true);
      }
    },
  );
});
