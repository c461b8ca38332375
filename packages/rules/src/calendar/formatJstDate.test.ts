import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { acceptedIsoArb, instantArb, jstOracle } from '../../test/arbitraries';
import { formatJstDate } from './formatJstDate';

describe('formatJstDate', () => {
  test('prints the JST day with its weekday, not zero-padded', () => {
    expect(formatJstDate('2026-12-01')).toBe('2026年12月1日(火)');
    expect(formatJstDate('2027-01-10')).toBe('2027年1月10日(日)');
  });
  test('turns at 00:00 JST, not at the host midnight', () => {
    expect(formatJstDate('2026-11-30T14:59:59Z')).toBe('2026年11月30日(月)');
    expect(formatJstDate('2026-11-30T15:00:00Z')).toBe('2026年12月1日(火)');
    expect(formatJstDate(new Date('2026-12-01T00:00:00+09:00'))).toBe('2026年12月1日(火)');
  });
  test('names the weekday of years 0-99 as written, not of 1900-1999', () => {
    expect(formatJstDate('0050-03-01')).toBe('50年3月1日(火)');
    expect(formatJstDate('1950-03-01')).toBe('1950年3月1日(水)');
    expect(formatJstDate('0001-01-01')).toBe('1年1月1日(月)');
  });
});

/**
 * Zeller's congruence for the proleptic Gregorian calendar: 0 Sunday ... 6 Saturday. An oracle
 * that does not use Date.
 */
function zellerWeekday(year: number, month: number, day: number): number {
  const m = month < 3 ? month + 12 : month;
  const y = month < 3 ? year - 1 : year;
  const k = ((y % 100) + 100) % 100;
  const j = Math.floor(y / 100);
  const h =
    (day + Math.floor((13 * (m + 1)) / 5) + k + Math.floor(k / 4) + Math.floor(j / 4) + 5 * j) % 7;
  return (((h + 6) % 7) + 7) % 7;
}

describe('properties', () => {
  test.prop([instantArb])('names the JST day of the instant and its weekday', (d) => {
    const { year, month, day } = jstOracle(d);
    const text = formatJstDate(d);
    expect(text.startsWith(`${year}年${month}月${day}日(`)).toBe(true);
    const weekday = '日月火水木金土'[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
    expect(text).toBe(`${year}年${month}月${day}日(${weekday})`);
  });
  test.prop([acceptedIsoArb])(
    "names the weekday Zeller's congruence gives, in every year from 1 to 9999",
    ({ text, instant }) => {
      const { year, month, day } = jstOracle(instant);
      const weekday = '日月火水木金土'[zellerWeekday(year, month, day)];
      expect(formatJstDate(text)).toBe(`${year}年${month}月${day}日(${weekday})`);
    },
  );
});
