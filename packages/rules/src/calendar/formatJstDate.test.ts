import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb, jstOracle } from '../../test/arbitraries';
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
});

describe('properties', () => {
  test.prop([instantArb])('names the JST day of the instant and its weekday', (d) => {
    const { year, month, day } = jstOracle(d);
    const text = formatJstDate(d);
    expect(text.startsWith(`${year}年${month}月${day}日(`)).toBe(true);
    const weekday = '日月火水木金土'[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
    expect(text).toBe(`${year}年${month}月${day}日(${weekday})`);
  });
});
