import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { wireDateArb } from '../../test/arbitraries';
import { RELEASE_DATE_PRECISIONS } from '../calendar/releaseDatePrecision';
import { releaseDateSchema } from './releaseDate';

describe('releaseDateSchema', () => {
  test('accepts a date known only to 下旬', () => {
    expect(releaseDateSchema.parse({ date: '2026-11-21', precision: 'month_part' })).toEqual({
      date: '2026-11-21',
      precision: 'month_part',
    });
  });
  test('rejects an unknown precision or a missing one', () => {
    expect(releaseDateSchema.safeParse({ date: '2026-11-21', precision: 'week' }).success).toBe(
      false,
    );
    expect(releaseDateSchema.safeParse({ date: '2026-11-21' }).success).toBe(false);
  });
});

describe('properties', () => {
  test.prop([wireDateArb])('accepts every wire date with every precision', (date) => {
    for (const precision of RELEASE_DATE_PRECISIONS) {
      expect(releaseDateSchema.safeParse({ date, precision }).success).toBe(true);
    }
  });
});
