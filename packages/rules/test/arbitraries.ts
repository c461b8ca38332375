import fc from 'fast-check';

/**
 * Shared fast-check arbitraries for the rules suite, named `xxxArb`. Each area adds the ones it
 * needs here; tests import them instead of building their own.
 */

/** Any instant between 2000 and 2060 (whole milliseconds). */
export const instantArb = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});

/** A JST calendar day as a date-only string `yyyy-MM-dd`. */
export const dateOnlyArb = fc
  .record({
    year: fc.integer({ min: 2000, max: 2060 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(
    ({ year, month, day }) =>
      `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  );

/** A non-negative integer amount of yen, up to a large cart. */
export const yenArb = fc.integer({ min: 0, max: 2_000_000 });

// ── search ──

import { CATEGORIES } from '../src/search/categories';
import { SEARCH_FILTERS } from '../src/search/searchFilters';
import { MAX_SEARCH_PAGE } from '../src/search/searchQuery';
import { SORT_OPTIONS } from '../src/search/sortOptions';

/**
 * Text as titles and queries contain it: hiragana, full- and half-width katakana (with their
 * voicing marks), kanji, Latin in both widths, digits, long-vowel/dash/wave variants, ・,
 * punctuation, spaces, and any other grapheme.
 */
export const searchTextArb = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ...'ぁあぃいうゔかがきぎくぐけげこごさざしじすずたただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろわをんゝゞ',
      ),
      fc.constantFrom(
        ...'ァアィイウヴカガキギクグケゲコゴサザシジスズタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロワヲンヵヶヽヾ',
      ),
      fc.constantFrom(...'ｱｲｳｶｷｸｹｺｻｼｽﾀﾁﾂﾃﾄﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｯｬｭｮﾞﾟｰ･'),
      fc.constantFrom(...'鬼滅刃東方猫呪術廻戦進撃巨人𠮷々〆'),
      fc.constantFrom(...'abcXYZｂｏｃｈｉＡＢ0123４５６'),
      fc.constantFrom(..."ーｰ〜～‐-–—―─−~・!！?？「」【】（）()、。,.:/&☆♡'’ 　\t\n"),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

/** A romaji word that wanakana reads as kana, e.g. `bocchi`, `naruto`. */
export const romajiArb = fc
  .array(
    fc.constantFrom(
      ...'ka ki ku ke ko sa shi su se so ta chi tsu te to na ni nu ne no ha hi fu he ho ma mi mu me mo ya yu yo ra ri ru re ro wa ga gi gu ge go za ji zu ze zo da de do ba bi bu be bo pa pi pu pe po kya kyu kyo sha shu sho cha chu cho a i u e o'.split(
        ' ',
      ),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((syllables) => syllables.join(''));

const searchQueryWordArb = fc
  .oneof(
    searchTextArb,
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  )
  .map((word) => word.replace(/[\s\p{Cc}]/gu, '').slice(0, 15))
  .filter((word) => word !== '' && !/[\uD800-\uDFFF]/u.test(word));

/**
 * A search in its canonical form, as `parseSearchParams` returns it: keywords of words joined by
 * single spaces, known categories and filters without repeats in list order, a known sort and a
 * page from 1 to `MAX_SEARCH_PAGE`.
 */
export const searchQueryArb = fc.record({
  q: fc.array(searchQueryWordArb, { maxLength: 5 }).map((words) => words.join(' ')),
  categories: fc.subarray(CATEGORIES.map((category) => category.value)),
  filters: fc.subarray(SEARCH_FILTERS.map((filter) => filter.value)),
  sort: fc.constantFrom(...SORT_OPTIONS.map((option) => option.value)),
  page: fc.integer({ min: 1, max: MAX_SEARCH_PAGE }),
});

/** Any query string a browser or a bot may send to /search, well-formed or not. */
export const searchParamsStringArb = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('q', 'categories', 'filter', 'sort', 'page', 'x', ''),
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.constantFrom(
            'コミック',
            'benefit',
            'order_count-desc',
            '-1',
            '0',
            '1e9',
            '%',
            '%E3%81',
          ),
          fc.integer().map(String),
        ),
      ),
    )
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
);
