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

// ── schemas / catalog / calendar ──

/** Writes an instant as an ISO 8601 date-time with the given UTC offset in minutes. */
export function isoWithOffset(instant: Date, offsetMinutes: number): string {
  const shifted = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${shifted}${sign}${hh}:${mm}`;
}

/** A UTC offset in minutes that real ISO strings carry (Tokyo, UTC, Los Angeles, India ...). */
export const utcOffsetArb = fc.constantFrom(540, 0, -480, -420, 330, 600, -600, 345, 840, -720);

/** A wire date: date-only, `Z` or with another offset (never offset-less). */
export const wireDateArb: fc.Arbitrary<string> = fc.oneof(
  dateOnlyArb,
  instantArb.map((d) => d.toISOString()),
  fc.tuple(instantArb, utcOffsetArb).map(([d, offset]) => isoWithOffset(d, offset)),
);

/** A wire date or `null` (not set). */
export const nullableWireDateArb = fc.option(wireDateArb, { nil: null });

/** Any instant whose ISO date-time has a four-digit year under every UTC offset (0001-9999). */
const wideInstantArb = fc.date({
  min: new Date('0001-01-02T00:00:00Z'),
  max: new Date('9999-12-30T23:59:59.999Z'),
  noInvalidDate: true,
});

/** Any real calendar day `yyyy-MM-dd` from 0001-01-02 to 9999-12-30 (years 0-99 included). */
export const anyDayArb = wideInstantArb.map((d) => d.toISOString().slice(0, 10));

/**
 * A string in one of the ISO 8601 forms the rules accept, with the instant it names: a date-only
 * day (its 00:00 in Japan), or a date-time after `T` or a space, to the minute, second,
 * millisecond or microsecond (PostgreSQL's precision; digits past the millisecond are dropped),
 * with no offset (Japan wall-clock time), `Z`, `±hh:mm` or, for whole hours, `±hh`. Built by UTC
 * arithmetic only, so `instant` does not depend on the host's time zone.
 */
export const acceptedIsoArb: fc.Arbitrary<{ text: string; instant: Date }> = fc.oneof(
  wideInstantArb.map((d) => {
    const day = new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    return { text: day, instant: new Date(Date.parse(`${day}T00:00:00Z`) - 9 * 3_600_000) };
  }),
  fc
    .record({
      instant: wideInstantArb,
      offset: fc.oneof(
        fc.constant({ minutes: 9 * 60, text: '' }),
        fc.constant({ minutes: 0, text: 'Z' }),
        utcOffsetArb.map((minutes) => ({ minutes, text: offsetText(minutes) })),
        fc
          .integer({ min: -12, max: 14 })
          .map((hours) => ({ minutes: hours * 60, text: offsetText(hours * 60).slice(0, 3) })),
      ),
      separator: fc.constantFrom('T', ' '),
      precision: fc.constantFrom('minute', 'second', 'millisecond', 'microsecond'),
      microseconds: fc.integer({ min: 0, max: 999 }),
    })
    .map(({ instant, offset, separator, precision, microseconds }) => {
      const unit = precision === 'minute' ? 60_000 : precision === 'second' ? 1000 : 1;
      const time = Math.floor(instant.getTime() / unit) * unit;
      const wall = new Date(time + offset.minutes * 60_000).toISOString();
      const clock =
        precision === 'minute'
          ? wall.slice(11, 16)
          : precision === 'second'
            ? wall.slice(11, 19)
            : precision === 'millisecond'
              ? wall.slice(11, 23)
              : `${wall.slice(11, 23)}${String(microseconds).padStart(3, '0')}`;
      return {
        text: `${wall.slice(0, 10)}${separator}${clock}${offset.text}`,
        instant: new Date(time),
      };
    }),
);

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * A date string that is not one of the accepted ISO 8601 forms, though `Date.parse` reads most of
 * them (each in its own way, many in the host's time zone): Date's own renderings, slashes, a
 * year-month, an hour without minutes, ISO 8601's basic format, an offset `±hhmm`, a six-digit
 * year, epoch milliseconds, surrounding spaces, or any text that does not start with a date.
 */
export const nonIsoDateStringArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(instantArb, fc.integer({ min: 0, max: 9 })).map(([d, form]) => {
    const iso = d.toISOString();
    const [date = '', clock = ''] = [iso.slice(0, 10), iso.slice(11, 19)];
    return [
      d.toString(),
      d.toUTCString(),
      `${date.replaceAll('-', '/')} ${clock.slice(0, 5)}`,
      date.slice(0, 7),
      `${date}T${clock.slice(0, 2)}`,
      `${date.replaceAll('-', '')}T${clock.replaceAll(':', '')}Z`,
      `${date}T${clock}+0900`,
      `+00${iso}`,
      String(d.getTime()),
      ` ${iso} `,
    ][form] as string;
  }),
  fc.string().filter((text) => !/^\d{4}-\d{2}-\d{2}/.test(text)),
);

/**
 * A string in an accepted ISO 8601 shape whose calendar day does not exist (day 0, a day past the
 * month's end such as 2026-02-29 or 2026-04-31, month 00 or 13), in every form: date-only, Japan
 * wall-clock time, `Z` and offsets, after `T` or a space.
 */
export const impossibleDayArb: fc.Arbitrary<string> = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 0, max: 13 }),
    overflow: fc.integer({ min: 0, max: 3 }),
    suffix: fc.constantFrom(
      '',
      'T10:00',
      ' 10:00:00',
      'T00:00:00Z',
      'T10:00:00+09:00',
      ' 10:00:00.5+00',
    ),
  })
  .map(({ year, month, overflow, suffix }) => {
    const real = month >= 1 && month <= 12;
    // Day 0 of any month, or a day past the end of a real month (its last day + 1 ... 31).
    const length = real ? new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate() : 0;
    const day = real ? Math.min(length + 1 + overflow, 31) : overflow;
    const shown = real && length === 31 ? 0 : day;
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(shown).padStart(2, '0')}${suffix}`;
  });

/** A wire `unit_price`: a whole-yen numeric string, a decimal-field form, `''` or `null`. */
export const unitPriceArb: fc.Arbitrary<string | null> = fc.oneof(
  yenArb.map(String),
  yenArb.map((n) => `${n}.00`),
  fc.constantFrom('', '0', null),
);

/** A wire reservation type: known, unknown, empty or `null`. */
export const reservationTypeArb = fc.constantFrom('UNRELEASED', 'BACKORDER', 'NORMAL', '', null);

/** A benefit (特典) as the wire sends it. */
export const benefitArb = fc.record({
  title: fc.constantFrom('描き下ろしイラストカード', '特製しおり', 'B2タペストリー'),
  available_max_num: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
  distributed: fc.boolean(),
  expiry_date: nullableWireDateArb,
});

/** A variation as the wire sends it. */
export const variationArb = fc.record({
  in_stock: fc.boolean(),
  unit_price: unitPriceArb,
  point_value: fc.integer({ min: 0, max: 1000 }),
  can_reserve: fc.boolean(),
  reservation_type: reservationTypeArb,
});

/** A product as the wire sends it (the spec's fields only). */
export const productArb = fc.record({
  variations: fc.array(variationArb, { maxLength: 4 }),
  reservation_type: reservationTypeArb,
  sell_start_date: nullableWireDateArb,
  expected_restock_date: nullableWireDateArb,
  disabled_before: nullableWireDateArb,
  has_bonus: fc.boolean(),
  bonus_content: fc.option(fc.constant('特製ブックカバー'), { nil: null }),
  benefits: fc.array(benefitArb, { maxLength: 4 }),
});

/**
 * Independent oracle for the JST calendar day of an instant: plain UTC+9 arithmetic (Japan has
 * no daylight saving time), no time-zone library. Gives `{ date: 'yyyy-MM-dd', day, month, year }`.
 */
export function jstOracle(instant: Date): {
  date: string;
  year: number;
  month: number;
  day: number;
} {
  const shifted = new Date(instant.getTime() + 9 * 60 * 60 * 1000);
  return {
    date: shifted.toISOString().slice(0, 10),
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** The instant a date-only string starts at in Japan, by UTC+9 arithmetic (an oracle). */
export function jstMidnightOracle(dateOnly: string): Date {
  return new Date(Date.parse(`${dateOnly}T00:00:00Z`) - 9 * 60 * 60 * 1000);
}

/** A `now` and an instant within a few days of it (where day boundaries matter). */
export const nearInstantsArb = fc
  .tuple(instantArb, fc.integer({ min: -4 * 86_400_000, max: 4 * 86_400_000 }))
  .map(([now, delta]) => ({ now, other: new Date(now.getTime() + delta) }));

/** A calendar month: `{ year, month (1-12) }`. */
export const yearMonthArb = fc.record({
  year: fc.integer({ min: 2000, max: 2060 }),
  month: fc.integer({ min: 1, max: 12 }),
});

/** Every date-only day of a month, in order, with the month's real length (oracle: UTC dates). */
export function daysOfMonth(year: number, month: number): string[] {
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return Array.from({ length }, (_, i) => `${year}-${mm}-${String(i + 1).padStart(2, '0')}`);
}

/** A signed time span in milliseconds up to about three years, dense near zero. */
export const spanMsArb = fc.oneof(
  fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }),
  fc.integer({ min: -40 * 86_400_000, max: 40 * 86_400_000 }),
  fc.integer({ min: -1100 * 86_400_000, max: 1100 * 86_400_000 }),
);

// ── release dates (latestRelease, releaseSpanStart) ──

import {
  RELEASE_DATE_PRECISIONS,
  type ReleaseDatePrecision,
} from '../src/calendar/releaseDatePrecision';

/** How precisely a release is known: any of RELEASE_DATE_PRECISIONS. */
export const releaseDatePrecisionArb = fc.constantFrom(...RELEASE_DATE_PRECISIONS);

/** The first day of the span a release is known to (oracle: the calendar's 1st, 11th, 21st). */
export function releaseSpanStartOracle(day: string, precision: ReleaseDatePrecision): string {
  const dayOfMonth = Number(day.slice(8, 10));
  if (precision === 'day') return day;
  if (precision === 'month' || dayOfMonth <= 10) return `${day.slice(0, 8)}01`;
  return `${day.slice(0, 8)}${dayOfMonth <= 20 ? '11' : '21'}`;
}

/** The last day a release may fall on (oracle: the 10th, the 20th or the month's last day). */
export function releaseSpanEndOracle(day: string, precision: ReleaseDatePrecision): string {
  const dayOfMonth = Number(day.slice(8, 10));
  if (precision === 'day') return day;
  if (precision === 'month_part' && dayOfMonth <= 10) return `${day.slice(0, 8)}10`;
  if (precision === 'month_part' && dayOfMonth <= 20) return `${day.slice(0, 8)}20`;
  // Day 0 of the next month is this month's last; setUTCFullYear keeps years 0-99 as they are.
  const end = new Date(0);
  end.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0);
  return `${day.slice(0, 8)}${String(end.getUTCDate()).padStart(2, '0')}`;
}

/** A release as the shop stores it (a vague one on its span's first day), or none. */
export const releaseArb: fc.Arbitrary<{
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
}> = fc.oneof(
  fc.constant({ releaseDate: null, releaseDatePrecision: null }),
  fc.record({ day: anyDayArb, precision: releaseDatePrecisionArb }).map(({ day, precision }) => ({
    releaseDate: releaseSpanStartOracle(day, precision),
    releaseDatePrecision: precision,
  })),
  // Releases close together, so that spans overlap as they do in one cart.
  fc
    .record({
      day: fc.integer({ min: 1, max: 31 }),
      month: fc.integer({ min: 2, max: 3 }),
      precision: releaseDatePrecisionArb,
    })
    .map(({ day, month, precision }) => ({
      releaseDate: releaseSpanStartOracle(
        `2028-0${month}-${String(Math.min(day, month === 2 ? 29 : 31)).padStart(2, '0')}`,
        precision,
      ),
      releaseDatePrecision: precision,
    })),
);

/** A group of releases (the items of an order, the orders of a bundle), possibly empty. */
export const releaseGroupArb = fc.array(releaseArb, { maxLength: 6 });

// ── search ──

import { CATEGORIES } from '../src/search/categories';
import { BROWSABLE_GENRES } from '../src/search/genres';
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
      fc.constantFrom(...'鬼滅刃東方猫呪術廻戦進撃巨人𠮷々〆巻第'),
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
  genres: fc.subarray(BROWSABLE_GENRES.map((genre) => genre.value)),
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
        fc.constantFrom('q', 'categories', 'genres', 'filter', 'sort', 'page', 'x', ''),
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.constantFrom(
            'コミック',
            'comic_boys',
            'all',
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

// ── navigation / media / ui ──

import type { RouteParamSpec } from '../src/navigation/_lib/routePattern';
import { ROUTES } from '../src/navigation/routes';

/** A valid path slug (SLUG_PATTERN), written independently of the implementation. */
export const slugArb = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/);

/** A string that is not a valid slug: a forbidden character, a bad first character, or too long. */
export const invalidSlugArb = fc.oneof(
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
    .filter((s) => /[^A-Za-z0-9_-]/.test(s)),
  fc
    .tuple(fc.constantFrom('_', '-'), slugArb)
    .map(([first, rest]) => `${first}${rest}`.slice(0, 128)),
  fc
    .string({ unit: fc.constantFrom('a', 'Z', '0', '_', '-'), minLength: 128, maxLength: 200 })
    .map((s) => `a${s}`),
  fc.constant(''),
);

/** A record id as the API accepts it: 1 to 999999999, written in decimal. */
const recordIdArb = fc.integer({ min: 1, max: 999_999_999 }).map(String);

/** A string that is not a record id: zero, a leading zero or sign, too many digits, or a slug. */
const invalidRecordIdArb = fc.oneof(
  fc.constantFrom('0', '', 'confirm', 'complete'),
  recordIdArb.map((id) => `0${id}`),
  recordIdArb.map((id) => `-${id}`),
  recordIdArb.map((id) => `+${id}`),
  fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
  slugArb.filter((s) => /\D/.test(s)),
);

function routeParamArb(spec: RouteParamSpec): fc.Arbitrary<string> {
  if (spec.kind === 'enum') return fc.constantFrom(...spec.values.map((v) => v.value));
  if (spec.kind === 'id') return recordIdArb;
  return slugArb.filter((s) => !spec.reserved.includes(s));
}

function routeInvalidParamArb(spec: RouteParamSpec): fc.Arbitrary<string> {
  if (spec.kind === 'id') return invalidRecordIdArb;
  if (spec.kind === 'slug')
    return fc.oneof(invalidSlugArb, ...spec.reserved.map((r) => fc.constant(r)));
  const allowed = spec.values.map((v) => v.value as string);
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !allowed.includes(s)),
    fc.constantFrom(...allowed).map((v) => v.toUpperCase()),
    fc.constantFrom(...allowed).map((v) => `${v}x`),
  );
}

const routeList = Object.values(ROUTES);

/** Any route with parameter values it allows. */
export const validRouteArb = fc
  .constantFrom(...routeList)
  .chain((route) =>
    fc
      .record(
        Object.fromEntries(
          Object.entries(route.params as Readonly<Record<string, RouteParamSpec>>).map(
            ([name, spec]) => [name, routeParamArb(spec)],
          ),
        ),
      )
      .map((params) => ({ route, params: params as Record<string, string> })),
  );

/** A route with parameters, with one of them set to a value the route does not allow. */
export const invalidRouteParamArb = fc
  .constantFrom(...routeList.filter((route) => Object.keys(route.params).length > 0))
  .chain((route) => {
    const specs = Object.entries(route.params as Readonly<Record<string, RouteParamSpec>>);
    return fc.constantFrom(...specs).chain(([name, spec]) =>
      fc
        .tuple(
          fc.record(Object.fromEntries(specs.map(([n, s]) => [n, routeParamArb(s)]))),
          routeInvalidParamArb(spec),
        )
        .map(([params, bad]) => ({
          route,
          name,
          params: { ...(params as Record<string, string>), [name]: bad },
        })),
    );
  });

/** Writes a route's pattern with raw parameter values, percent-encoded, bypassing its checks. */
export function rawRoutePath(pattern: string, params: Readonly<Record<string, string>>): string {
  if (pattern === '/') return '/';
  return `/${pattern
    .slice(1)
    .split('/')
    .map((part) => (part.startsWith(':') ? encodeURIComponent(params[part.slice(1)] ?? '') : part))
    .join('/')}`;
}

/** A path made of random segments, most of them route words, some random text. */
export const anyPathArb = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ...new Set(routeList.flatMap((route) => route.pattern.split('/').filter((p) => p !== ''))),
      ),
      fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
    ),
    { maxLength: 5 },
  )
  .map((segments) => `/${segments.join('/')}`);

/**
 * Pieces of hostile return targets: what URL parsers strip or reinterpret (tabs, newlines, other
 * controls, `\`, `.` and `..` segments, encoded slashes and dots), scheme and host syntax, and
 * route words, so joined pieces often look like a path of the shop.
 */
const returnTargetPieceArb = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u001f',
  ' ',
  '\u00a0',
  '\u3000',
  '%09',
  '%0a',
  '%2F',
  '%2f',
  '%5C',
  '%2e',
  '%2e%2e',
  '.',
  '..',
  ':',
  '@',
  '?',
  '#',
  '&',
  '=',
  'evil.example',
  'evil.example:443',
  'user:pass@',
  'https:',
  'http:',
  'javascript:',
  'data:',
  'return=',
  ...new Set(routeList.flatMap((route) => route.pattern.split('/').filter((p) => p !== ''))),
);

/**
 * Any string an attacker (or a sloppy link) may put in `?return=`: joined hostile pieces, with
 * or without a leading `/`, well-known open-redirect payloads, absolute URLs, arbitrary text and
 * paths, and real route paths with a query.
 */
export const returnTargetArb: fc.Arbitrary<string> = fc.oneof(
  fc.array(returnTargetPieceArb, { maxLength: 10 }).map((pieces) => pieces.join('')),
  fc.array(returnTargetPieceArb, { maxLength: 10 }).map((pieces) => `/${pieces.join('')}`),
  fc
    .tuple(
      fc.constantFrom('//', '/\\', '\\\\', '/\t/', '/\n/', '/\r/', '/./', '/../', '/.//', '///'),
      fc.domain(),
      anyPathArb,
    )
    .map(([prefix, host, path]) => `${prefix}${host}${path}`),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `/${s}`),
  anyPathArb,
  fc
    .tuple(validRouteArb, searchParamsStringArb)
    .map(([{ route, params }, query]) => `${rawRoutePath(route.pattern, params)}${query}`),
);

/** A step of the chunk-reload simulation: a path, the time since the last step, a build flag. */
export const chunkErrorEventArb = fc.record({
  path: fc.constantFrom('/', '/ranking/daily', '/product/a1'),
  elapsedMs: fc.integer({ min: 0, max: 15_000 }),
  newBuildFound: fc.boolean(),
});

/** An IPv4 address in dotted form. */
export const ipv4Arb = fc.ipV4();

/** A wanted image width in CSS pixels, fractional or whole, from 0 to well above the largest. */
export const wantedWidthArb = fc.oneof(
  fc.integer({ min: 0, max: 4000 }),
  fc.double({ min: 0, max: 4000, noNaN: true }),
);

/** An image source the endpoint accepts: a root-relative path or an http(s) URL. */
export const imageSourceArb = fc.oneof(
  fc
    .array(fc.stringMatching(/^[A-Za-z0-9._~%-]{1,12}$/), { minLength: 1, maxLength: 4 })
    .map((segments) => `/${segments.join('/')}`),
  fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }),
);

/** An image quality the endpoint accepts (1-100). */
export const imageQualityArb = fc.integer({ min: 1, max: 100 });

/** What `navigator.connection` may report, including nothing at all. */
export const connectionArb = fc.option(
  fc.record(
    {
      saveData: fc.boolean(),
      effectiveType: fc.constantFrom('slow-2g', '2g', '3g', '4g', 'unknown'),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

/** A person's name as members type it: Japanese or Latin, with either space, or anything. */
export const personNameArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('山田', '佐藤', '林', 'たなか', 'スズキ', 'ﾔﾏﾀﾞ'),
      fc.constantFrom(' ', '\u3000', ''),
      fc.constantFrom('太郎', '花子', 'ひなた', 'ジョン'),
    )
    .map(([family, space, given]) => `${family}${space}${given}`),
  fc
    .array(fc.stringMatching(/^[A-Za-zÀ-ÿ]{1,10}$/), { minLength: 1, maxLength: 4 })
    .map((words) => words.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

// ── checkout ──

import { PAYMENT_METHOD_NAMES } from '../src/checkout/paymentMethods';
import { SHIPPING_METHOD_NAMES } from '../src/checkout/shippingMethods';

/** A shipping method's machine name. */
export const shippingMethodNameArb = fc.constantFrom(...SHIPPING_METHOD_NAMES);

/** A payment method's machine name. */
export const paymentMethodNameArb = fc.constantFrom(...PAYMENT_METHOD_NAMES);

/** An order line with a decided price, in either wire form of `unit_price`. */
export const quoteLineArb = fc.record({
  unit_price: fc
    .tuple(fc.integer({ min: 1, max: 30_000 }), fc.boolean())
    .map(([yen, decimal]) => (decimal ? `${yen}.00` : String(yen))),
  quantity: fc.integer({ min: 1, max: 99 }),
  point_value: fc.integer({ min: 0, max: 300 }),
});

/**
 * Cart lines as `groupShipments` reads them, each with its cart position `id`: a release as the
 * shop stores it or none (`releaseArb`), often in 2028年2-3月, where spans overlap.
 */
export const shipmentLinesArb = fc.array(releaseArb, { maxLength: 8 }).map((releases) =>
  releases.map(({ releaseDate, releaseDatePrecision }, id) => ({
    id,
    sellStartDate: releaseDate,
    releaseDatePrecision,
  })),
);

/** A checkout's `now`: mostly around 2028年2-3月 (where `shipmentLinesArb` crowds), or any time. */
export const checkoutNowArb = fc.oneof(
  fc.date({
    min: new Date('2028-01-25T00:00:00Z'),
    max: new Date('2028-04-05T00:00:00Z'),
    noInvalidDate: true,
  }),
  instantArb,
);

/** Inputs of `quote` that pass its line checks: points from none up to beyond the balance. */
export const quoteInputArb = fc
  .record({
    lines: fc.array(quoteLineArb, { minLength: 1, maxLength: 5 }),
    shipping: shippingMethodNameArb,
    payment: paymentMethodNameArb,
    global: fc.boolean(),
    pointBalance: fc.integer({ min: 0, max: 5_000_000 }),
    pointShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
  })
  .map(({ pointShare, ...input }) => ({
    ...input,
    usePoints: Math.floor(input.pointBalance * pointShare),
  }));

// ── text ──

import { ean13CheckDigit } from '../src/catalog/ean13CheckDigit';
import { isLuhnValid } from '../src/checkout/cardNumber';

const digitsArb = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

/**
 * A card number: 13 to 19 digits completed by their Luhn check digit, other than the ISBN-13s
 * and JAN codes (978, 979, 45, 49 with their EAN-13 check digit) that findCardNumbers lets pass.
 */
export const cardDigitsArb = fc
  .integer({ min: 13, max: 19 })
  .chain((length) => digitsArb(length - 1))
  .map((body) => body + [...'0123456789'].find((d) => isLuhnValid(body + d)))
  .filter(
    (digits) =>
      !(
        digits.length === 13 &&
        /^(97[89]|4[59])/.test(digits) &&
        ean13CheckDigit(digits) === Number(digits[12])
      ),
  );

/** What people put between the groups of a card number, as they type it. */
export const cardSeparatorArb = fc.constantFrom(
  ' ',
  '  ',
  '-',
  ' - ',
  '\u3000',
  '\u00A0',
  '－',
  'ー',
  'ｰ',
  '‐',
  '‑',
  '–',
  '—',
  '―',
  '−',
  '.',
  '．',
  '・',
  '･',
);

/** The groups a card number of `length` digits is printed in, or typed without. */
function cardGroupings(length: number): number[][] {
  const fours = [
    ...Array(Math.ceil(length / 4) - 1).fill(4),
    length - 4 * (Math.ceil(length / 4) - 1),
  ];
  const groupings = [[length], fours];
  if (length === 15) groupings.push([4, 6, 5]);
  if (length === 14) groupings.push([4, 6, 4]);
  return groupings;
}

/**
 * A card number as a shopper writes it: its digits (each half- or full-width) bare or in a
 * card's grouping, any separator between the groups.
 */
export const writtenCardArb: fc.Arbitrary<{ digits: string; written: string }> =
  cardDigitsArb.chain((digits) =>
    fc
      .record({
        grouping: fc.constantFrom(...cardGroupings(digits.length)),
        fullWidth: fc.array(fc.boolean(), { minLength: digits.length, maxLength: digits.length }),
        separators: fc.array(cardSeparatorArb, { minLength: 5, maxLength: 5 }),
      })
      .map(({ grouping, fullWidth, separators }) => {
        const typed = [...digits].map((d, i) =>
          fullWidth[i] ? String.fromCharCode(d.charCodeAt(0) + 0xfee0) : d,
        );
        let at = 0;
        const groups = grouping.map((size) => {
          at += size;
          return typed.slice(at - size, at).join('');
        });
        return {
          digits,
          written: groups.map((g, i) => (i === 0 ? g : `${separators[i - 1]}${g}`)).join(''),
        };
      }),
  );

/** Text a card number may stand in: Japanese words, punctuation, spaces and line breaks. */
export const aroundCardArb = fc.constantFrom(
  '',
  'カード番号は',
  'です。',
  '番号：',
  '（',
  '）',
  ' ',
  '\n',
  '、',
  ' VISA ',
  '支払いに ',
  ' を使いました',
);

const numberArb = (min: number, max: number) => fc.integer({ min, max }).map(String);
const padArb = (length: number) => digitsArb(length);
const dashArb = fc.constantFrom('-', 'ー', '－', '‐', '−');

/**
 * Ordinary text of a Japanese address, delivery note or contact message full of numbers that
 * are not card numbers: postal codes, house numbers, phone numbers (mobile, fixed, toll-free),
 * dates, ISBN-13s and JAN codes, the shop's order numbers, amounts, side by side.
 */
export const ordinaryNumbersTextArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(padArb(3), dashArb, padArb(4)).map(([a, d, b]) => `〒${a}${d}${b}`),
      fc.tuple(padArb(3), padArb(4)).map(([a, b]) => `${a}-${b}`),
      padArb(7),
      fc
        .tuple(numberArb(1, 9), numberArb(1, 40), numberArb(1, 30))
        .map(([a, b, c]) => `東京都中央区銀座${a}-${b}-${c}`),
      fc
        .tuple(numberArb(1, 9), numberArb(1, 40), numberArb(1, 30))
        .map(([a, b, c]) => `${a}丁目${b}番${c}号`),
      fc
        .tuple(fc.constantFrom('090', '080', '070', '050'), padArb(4), padArb(4), dashArb)
        .map(([a, b, c, d]) => `${a}${d}${b}${d}${c}`),
      fc.tuple(fc.constantFrom('090', '080'), padArb(8)).map(([a, b]) => `${a}${b}`),
      fc.tuple(padArb(4), padArb(4)).map(([a, b]) => `03-${a}-${b}`),
      fc.tuple(padArb(2), padArb(4)).map(([a, b]) => `0466-${a}-${b}`),
      fc.tuple(padArb(3), padArb(3)).map(([a, b]) => `0120-${a}-${b}`),
      fc.tuple(padArb(4), padArb(4)).map(([a, b]) => `(03)${a}-${b}`),
      fc
        .tuple(
          numberArb(2000, 2060),
          numberArb(1, 12),
          numberArb(1, 28),
          fc.constantFrom('-', '/', '.'),
        )
        .map(([y, m, d, s]) => `${y}${s}${m.padStart(2, '0')}${s}${d.padStart(2, '0')}`),
      fc
        .tuple(numberArb(2000, 2060), numberArb(1, 12), numberArb(1, 28))
        .map(([y, m, d]) => `${y}年${m}月${d}日`),
      fc
        .tuple(fc.constantFrom('9784', '9794', '49', '45'), fc.boolean())
        .chain(([prefix, hyphens]) =>
          digitsArb(12 - prefix.length).map((rest) => {
            const first12 = prefix + rest;
            const code = `${first12}${ean13CheckDigit(first12)}`;
            return hyphens && prefix.startsWith('97')
              ? `ISBN${code.slice(0, 3)}-${code[3]}-${code.slice(4, 7)}-${code.slice(7, 12)}-${code[12]}`
              : code;
          }),
        ),
      numberArb(1, 999_999_999).map((id) => `注文番号 ${id}`),
      fc.tuple(numberArb(10, 99), padArb(8)).map(([a, b]) => `L${a}-${b}`),
      numberArb(100, 99_999).map((yen) => `${Number(yen).toLocaleString('en-US')}円`),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .chain((parts) =>
    fc
      .array(fc.constantFrom(' ', '\u3000', '、', '\n', ' / ', ' TEL '), {
        minLength: parts.length,
        maxLength: parts.length,
      })
      .map((joins) => parts.map((part, i) => (i === 0 ? part : `${joins[i]}${part}`)).join('')),
  );

/** A code point the shop refuses or drops in a shopper's text, named by the issue and beyond. */
export const invisibleCharacterArb = fc.constantFrom(
  '\u202E',
  '\u202D',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u0000',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009B',
  '\u2028',
  '\u2029',
  '\u3164',
  '\uFFA0',
  '\u034F',
  '\uE000',
  '\uFFFD',
  '\uFFFF',
  '\uD800',
  '\u{E0041}',
  '\r',
  '\n',
  '\t',
);

/**
 * Text a shopper legitimately types: kanji, kana (with 々, ー, ヴ), full- and half-width Latin
 * letters and punctuation, full-width spaces, a kanji with its variation selector (葛󠄀) and
 * emoji, including a joined family and a skin tone. No digits: the laws on card numbers
 * generate those.
 */
export const legitimateTextArb = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCodePoint(c)),
    fc.integer({ min: 0x3041, max: 0x3096 }).map((c) => String.fromCodePoint(c)),
    fc.integer({ min: 0x30a1, max: 0x30fa }).map((c) => String.fromCodePoint(c)),
    fc.constantFrom('々', 'ー', 'ヴ', '〜', '・', '「', '」', '。', '、', '　', ' '),
    fc.constantFrom(...'ABCxyz!?#&()+,./:;@_ＡＢＣｘｙｚ！？＃（）ｶﾞﾀﾞﾊﾟ'),
    fc.constantFrom('葛\u{E0100}', '😀', '👍🏽', '👨‍👩‍👧', '❤️', '🏠'),
  ),
  maxLength: 40,
});
