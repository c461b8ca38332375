import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb, jstOracle } from '../../test/arbitraries';
import { MONTH_PART_LABELS, monthPartLabel } from './monthPartLabel';

describe('monthPartLabel', () => {
  test('gives 上旬, 中旬 and 下旬', () => {
    expect(monthPartLabel('2026-11-10')).toBe('上旬');
    expect(monthPartLabel('2026-11-11')).toBe('中旬');
    expect(monthPartLabel('2026-11-21')).toBe('下旬');
  });
  test('labels the JST day of a date-time', () => {
    expect(monthPartLabel('2026-11-20T15:00:00Z')).toBe('下旬');
  });
});

describe('properties', () => {
  test.prop([instantArb])(
    'is host-TZ independent: the label of the UTC+9 oracle day',
    (instant) => {
      const { day } = jstOracle(instant);
      const expected = day <= 10 ? '上旬' : day <= 20 ? '中旬' : '下旬';
      expect(monthPartLabel(instant)).toBe(expected);
      expect(Object.values(MONTH_PART_LABELS)).toContain(monthPartLabel(instant));
    },
  );
});
