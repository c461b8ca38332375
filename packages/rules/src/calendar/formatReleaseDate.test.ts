import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { dateOnlyArb, instantArb, jstOracle } from '../../test/arbitraries';
import { formatReleaseDate } from './formatReleaseDate';

describe('formatReleaseDate', () => {
  test('an exact day: 「2026年12月1日(火)発売」', () => {
    expect(formatReleaseDate('2026-12-01')).toBe('2026年12月1日(火)発売');
    expect(formatReleaseDate({ date: '2026-12-01', precision: 'day' })).toBe(
      '2026年12月1日(火)発売',
    );
    expect(formatReleaseDate({ date: '2027-01-03' })).toBe('2027年1月3日(日)発売');
  });
  test('a day known only to a part of the month: 「2026年11月下旬発売予定」', () => {
    expect(formatReleaseDate({ date: '2026-11-21', precision: 'month_part' })).toBe(
      '2026年11月下旬発売予定',
    );
    expect(formatReleaseDate({ date: '2026-11-01', precision: 'month_part' })).toBe(
      '2026年11月上旬発売予定',
    );
    expect(formatReleaseDate({ date: '2026-11-15', precision: 'month_part' })).toBe(
      '2026年11月中旬発売予定',
    );
  });
  test('a month only: 「2026年11月発売予定」', () => {
    expect(formatReleaseDate({ date: '2026-11-01', precision: 'month' })).toBe(
      '2026年11月発売予定',
    );
  });
  test('formats the JST day of a date-time', () => {
    expect(formatReleaseDate('2026-11-30T15:00:00Z')).toBe('2026年12月1日(火)発売');
    expect(formatReleaseDate(new Date('2026-11-30T14:59:59Z'))).toBe('2026年11月30日(月)発売');
  });
});

// 1970-01-01 was a Thursday: an oracle for the weekday that uses no date library.
const weekdayOracle = (dateOnly: string) =>
  '日月火水木金土'[(Math.floor(Date.parse(`${dateOnly}T00:00:00Z`) / 86_400_000) + 4) % 7];

describe('properties', () => {
  test.prop([instantArb])(
    'is host-TZ independent: day, month, year and weekday of the UTC+9 oracle',
    (instant) => {
      const { date, year, month, day } = jstOracle(instant);
      expect(formatReleaseDate(instant)).toBe(
        `${year}年${month}月${day}日(${weekdayOracle(date)})発売`,
      );
    },
  );
  test.prop([dateOnlyArb])(
    'says 予定 exactly when the day is not known, and never names the day then',
    (date) => {
      for (const precision of ['month_part', 'month' as const] as const) {
        const text = formatReleaseDate({ date, precision });
        expect(text.endsWith('発売予定')).toBe(true);
        expect(text).not.toContain('日');
        expect(formatReleaseDate({ date, precision: 'day' }).endsWith('発売予定')).toBe(false);
      }
    },
  );
});
