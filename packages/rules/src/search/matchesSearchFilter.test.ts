import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { dateOnlyArb, instantArb } from '../../test/arbitraries';
import { matchesSearchFilter } from './matchesSearchFilter';
import { matchesSearchFilters } from './matchesSearchFilters';

const NOW = new Date('2026-12-10T12:00:00+09:00');
const benefit = { available_max_num: 100, distributed: true, expiry_date: null };

describe('matchesSearchFilter', () => {
  test('benefit (特典付き): needs at least one active benefit', () => {
    expect(matchesSearchFilter({ benefits: [benefit] }, 'benefit', NOW)).toBe(true);
    expect(matchesSearchFilter({ benefits: [] }, 'benefit', NOW)).toBe(false);
    expect(matchesSearchFilter({ benefits: null }, 'benefit', NOW)).toBe(false);
    const expired = { ...benefit, expiry_date: '2026-12-09' };
    const spent = { ...benefit, available_max_num: 0 };
    expect(matchesSearchFilter({ benefits: [expired, spent] }, 'benefit', NOW)).toBe(false);
  });
  test('release (1週間以内に発売): today and the six JST days before it', () => {
    for (const day of ['2026-12-04', '2026-12-07', '2026-12-10']) {
      expect(matchesSearchFilter({ sell_start_date: day }, 'release', NOW)).toBe(true);
    }
    for (const day of ['2026-12-03', '2026-12-11', '2025-12-10']) {
      expect(matchesSearchFilter({ sell_start_date: day }, 'release', NOW)).toBe(false);
    }
  });
  test('release counts a later time of today as released today (本日発売)', () => {
    const start = '2026-12-10T23:00:00+09:00';
    expect(matchesSearchFilter({ sell_start_date: start }, 'release', NOW)).toBe(true);
  });
  test('reserve (明日以降発売): JST tomorrow or later', () => {
    expect(matchesSearchFilter({ sell_start_date: '2026-12-11' }, 'reserve', NOW)).toBe(true);
    expect(matchesSearchFilter({ sell_start_date: '2027-03-01' }, 'reserve', NOW)).toBe(true);
    expect(matchesSearchFilter({ sell_start_date: '2026-12-10' }, 'reserve', NOW)).toBe(false);
    expect(
      matchesSearchFilter({ sell_start_date: '2026-12-10T23:59:59+09:00' }, 'reserve', NOW),
    ).toBe(false);
  });
  test('decides by the JST day, whatever the instant in UTC', () => {
    // 2026-12-10T15:30Z is already 2026-12-11 00:30 in Japan.
    const lateUtc = new Date('2026-12-10T15:30:00Z');
    expect(matchesSearchFilter({ sell_start_date: '2026-12-04' }, 'release', lateUtc)).toBe(false);
    expect(matchesSearchFilter({ sell_start_date: '2026-12-11' }, 'release', lateUtc)).toBe(true);
    expect(matchesSearchFilter({ sell_start_date: '2026-12-11' }, 'reserve', lateUtc)).toBe(false);
  });
  test('a product without a sell start date is neither released nor reserved', () => {
    expect(matchesSearchFilter({ sell_start_date: null }, 'release', NOW)).toBe(false);
    expect(matchesSearchFilter({}, 'reserve', NOW)).toBe(false);
  });
});

describe('matchesSearchFilters', () => {
  test('needs every filter, and no filter passes everything', () => {
    const product = { sell_start_date: '2026-12-11', benefits: [benefit] };
    expect(matchesSearchFilters(product, [], NOW)).toBe(true);
    expect(matchesSearchFilters(product, ['benefit', 'reserve'], NOW)).toBe(true);
    expect(matchesSearchFilters(product, ['benefit', 'release'], NOW)).toBe(false);
  });
});

describe('properties', () => {
  test.prop([dateOnlyArb, instantArb])(
    'is exclusive: no product is both released within the week and released from tomorrow',
    (day, now) => {
      const product = { sell_start_date: day };
      const both =
        matchesSearchFilter(product, 'release', now) &&
        matchesSearchFilter(product, 'reserve', now);
      expect(both).toBe(false);
    },
  );
  test.prop([instantArb, fc.integer({ min: -20, max: 20 })])(
    'counts JST days: release holds for 0 to 6 days ago, reserve for 1 day ahead or more',
    (now, offset) => {
      // An oracle by UTC+9 arithmetic: Japan has no daylight saving time.
      const jstMidnight = Math.floor((now.getTime() + 9 * 3600e3) / 86400e3) * 86400e3;
      const day = new Date(jstMidnight + offset * 86400e3).toISOString().slice(0, 10);
      const product = { sell_start_date: day };
      expect(matchesSearchFilter(product, 'release', now)).toBe(offset <= 0 && offset >= -6);
      expect(matchesSearchFilter(product, 'reserve', now)).toBe(offset >= 1);
    },
  );
});
