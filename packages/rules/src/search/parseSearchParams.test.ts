import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { searchParamsStringArb, searchQueryArb } from '../../test/arbitraries';
import { CATEGORIES } from './categories';
import { parseSearchParams } from './parseSearchParams';
import { MAX_QUERY_LENGTH, MAX_SEARCH_PAGE } from './searchQuery';
import { toSearchParams } from './toSearchParams';

const EMPTY = { q: '', categories: [], genres: [], filters: [], sort: 'new_arrival-desc', page: 1 };

describe('parseSearchParams', () => {
  test('reads genres like categories: repeated or comma-separated, known ones in GENRES order, never all', () => {
    expect(parseSearchParams('genres=novel,all,謎&genres=comic_boys&genres=novel').genres).toEqual([
      'comic_boys',
      'novel',
    ]);
    expect(parseSearchParams('genres=all').genres).toEqual([]);
    expect(toSearchParams({ genres: ['novel', 'comic'] }).toString()).toBe(
      'genres=comic&genres=novel',
    );
  });
  test('reads the defaults from an empty query string', () => {
    expect(parseSearchParams('')).toEqual(EMPTY);
    expect(parseSearchParams('?')).toEqual(EMPTY);
  });
  test('reads every parameter of the spec (q, categories, filter) plus sort and page', () => {
    const params = new URLSearchParams(
      'q=鬼滅&categories=雑誌&categories=コミック&filter=reserve&filter=benefit&sort=order_count-desc&page=3',
    );
    expect(parseSearchParams(params)).toEqual({
      q: '鬼滅',
      categories: ['コミック', '雑誌'],
      genres: [],
      filters: ['benefit', 'reserve'],
      sort: 'order_count-desc',
      page: 3,
    });
  });
  test('trims the keywords, collapses their spacing and cuts them to MAX_QUERY_LENGTH', () => {
    expect(parseSearchParams('q=+鬼滅%E3%80%80%E3%80%80の刃%0A').q).toBe('鬼滅 の刃');
    const long = '猫'.repeat(MAX_QUERY_LENGTH + 20);
    expect(parseSearchParams(`q=${long}`).q).toBe('猫'.repeat(MAX_QUERY_LENGTH));
    expect(parseSearchParams(`q=${'𠮷'.repeat(MAX_QUERY_LENGTH + 1)}`).q).toBe(
      '𠮷'.repeat(MAX_QUERY_LENGTH),
    );
  });
  test('accepts comma-separated lists and full-width category names, dropping unknown values', () => {
    expect(parseSearchParams('categories=画集,攻略本,謎&filter=benefit,soon').categories).toEqual([
      '画集',
      '攻略本',
    ]);
    expect(parseSearchParams('categories=ＣＤ&categories=ＣＤ').categories).toEqual(['CD']);
    expect(parseSearchParams('filter=benefit,soon').filters).toEqual(['benefit']);
  });
  test('accepts every category of CATEGORIES, the header menu ones included', () => {
    const all = CATEGORIES.map((c) => c.value);
    expect(parseSearchParams(toSearchParams({ categories: all })).categories).toEqual(all);
  });
  test('falls back to the default sort for an unknown one', () => {
    expect(parseSearchParams('sort=price-asc').sort).toBe('new_arrival-desc');
    expect(parseSearchParams('sort=relevance_score-desc').sort).toBe('relevance_score-desc');
  });
  test('reads page 1 for a missing, malformed or non-positive page, and caps a deep one', () => {
    for (const page of ['', 'abc', '-2', '0', '1.5', '1e3', '0x10']) {
      expect(parseSearchParams(`page=${page}`).page).toBe(1);
    }
    expect(parseSearchParams('page=007').page).toBe(7);
    expect(parseSearchParams('page=２').page).toBe(2);
    expect(parseSearchParams('page=99999999999999999999').page).toBe(MAX_SEARCH_PAGE);
  });
  test('survives malformed percent-encoding', () => {
    expect(parseSearchParams('q=%E3%81&categories=%').q).toBe('\uFFFD');
  });
});

describe('toSearchParams', () => {
  test('leaves out every default', () => {
    expect(toSearchParams(EMPTY as Parameters<typeof toSearchParams>[0]).toString()).toBe('');
    expect(toSearchParams({}).toString()).toBe('');
    expect(toSearchParams({ q: '  ', page: 1, sort: 'new_arrival-desc' }).toString()).toBe('');
  });
  test("writes lists in canonical order without repeats, under the spec's parameter names", () => {
    const params = toSearchParams({
      q: '限定版',
      categories: ['攻略本', '画集', '画集'],
      filters: ['reserve', 'benefit'],
      sort: 'order_count-desc',
      page: 2,
    });
    expect([...params]).toEqual([
      ['q', '限定版'],
      ['categories', '画集'],
      ['categories', '攻略本'],
      ['filter', 'benefit'],
      ['filter', 'reserve'],
      ['sort', 'order_count-desc'],
      ['page', '2'],
    ]);
  });
  test('builds the header menu links of the spec', () => {
    expect(toSearchParams({ filters: ['release'] }).toString()).toBe('filter=release');
    expect(parseSearchParams(toSearchParams({ q: '限定版' })).q).toBe('限定版');
  });
});

describe('properties', () => {
  test.prop([searchQueryArb])(
    'round-trips: parseSearchParams(toSearchParams(q)) equals q for every valid query',
    (query) => {
      expect(parseSearchParams(toSearchParams(query))).toEqual(query);
      expect(parseSearchParams(toSearchParams(query).toString())).toEqual(query);
    },
  );
  test.prop([searchParamsStringArb])(
    'is total: parsing never throws and always gives a valid query',
    (input) => {
      const query = parseSearchParams(input);
      expect(Number.isInteger(query.page)).toBe(true);
      expect(query.page).toBeGreaterThanOrEqual(1);
      expect(query.page).toBeLessThanOrEqual(MAX_SEARCH_PAGE);
      expect(Array.from(query.q).length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
      expect(query.q).toBe(query.q.trim());
    },
  );
  test.prop([searchParamsStringArb])(
    'is canonical: parsing the written form of a parsed query gives the same query',
    (input) => {
      const query = parseSearchParams(input);
      expect(parseSearchParams(toSearchParams(query))).toEqual(query);
    },
  );
});
