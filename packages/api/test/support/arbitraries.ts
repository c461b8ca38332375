import {
  CATEGORIES,
  PRODUCT_LIST_TYPES,
  RANKING_TYPES,
  SALE_TERMS,
  SEARCH_FILTERS,
  SORT_OPTIONS,
} from '@shop/rules';
import fc from 'fast-check';

// Shared fast-check arbitraries of the API tests: hostile and plausible request parts.

/** Text a client might send: plausible values, Japanese, control characters, huge numbers. */
export const junkTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e9',
    '99999999999999999999',
    'NaN',
    'null',
    '[]',
    '{}',
    '%',
    '%ZZ',
    '..',
    '../..',
    '猫',
    'ぼっち',
    'ﾎﾞｯﾁ',
    '東方',
    '\u0000',
    '\u202e',
    '🐱',
    "' or 1=1 --",
    'a'.repeat(3000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
);

/** A value the catalog's path parameters accept somewhere (or nearly). */
export const segmentArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...RANKING_TYPES.map((t) => t.value),
    ...SALE_TERMS.map((t) => t.value),
    ...PRODUCT_LIST_TYPES.map((t) => t.value),
    '040000000001',
    'sc1',
    'g1',
    'a1',
    'ip1',
    'n0001',
    'sale',
  ),
  fc.webSegment(),
  junkTextArb,
);

/** Query parameters under the names the endpoints read, and some they do not. */
export const queryArb: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.constantFrom('q', 'categories', 'filter', 'sort', 'page', 'date', 'url', 'w', 'q', 'f', 'x'),
    fc.oneof(
      junkTextArb,
      fc.constantFrom(
        ...CATEGORIES.map((c) => c.value),
        ...SEARCH_FILTERS.map((f) => f.value),
        ...SORT_OPTIONS.map((s) => s.value),
        '2026-11-20',
        '2026-02-30',
        '/covers/040000000001_240.png',
        '320',
        'webp',
      ),
    ),
  ),
  { maxLength: 5 },
);

export const methodArb = fc.constantFrom(
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
);

/** A request body: JSON of any shape, broken JSON, or junk text. */
export const bodyArb: fc.Arbitrary<string> = fc.oneof(
  fc.json(),
  fc.constantFrom('{', '{"a":', 'null', '[]'),
  junkTextArb,
);

/** Percent-encodes a path segment, or leaves it raw to test the router's own decoding. */
export function encodeSegment(segment: string, raw: boolean): string {
  return raw ? segment : encodeURIComponent(segment);
}
