import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { parseSearchParams } from './parseSearchParams';
import { QUICK_SEARCHES } from './quickSearches';
import { SEARCH_FILTERS } from './searchFilters';
import { DEFAULT_SORT, SORT_OPTIONS } from './sortOptions';
import { toSearchParams } from './toSearchParams';

describe('SORT_OPTIONS and DEFAULT_SORT', () => {
  test("carry the spec's orders, labels and default", () => {
    expect(SORT_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      ['relevance_score-desc', '関連度順'],
      ['order_count-desc', '人気順'],
      ['new_arrival-desc', '新着順'],
    ]);
    expect(DEFAULT_SORT).toBe('new_arrival-desc');
  });
});

describe('SEARCH_FILTERS', () => {
  test("carry the spec's filters and labels", () => {
    expect(SEARCH_FILTERS.map((f) => [f.value, f.label])).toEqual([
      ['benefit', '特典付き'],
      ['release', '1週間以内に発売'],
      ['reserve', '明日以降発売'],
    ]);
  });
});

describe('QUICK_SEARCHES', () => {
  test('有償特典付 searches the keyword 有償特典', () => {
    expect(QUICK_SEARCHES).toEqual([{ label: '有償特典付', query: { q: '有償特典' } }]);
    expect(toSearchParams(QUICK_SEARCHES[0].query).get('q')).toBe('有償特典');
  });
});

describe('properties', () => {
  test('is addressable: every sort option survives the query string', () => {
    for (const option of SORT_OPTIONS) {
      expect(parseSearchParams(toSearchParams({ sort: option.value })).sort).toBe(option.value);
    }
  });
  test('is a canonical search: a quick search reads back as its own query', () => {
    for (const quick of QUICK_SEARCHES) {
      expect(parseSearchParams(toSearchParams(quick.query))).toMatchObject(quick.query);
    }
  });
});
