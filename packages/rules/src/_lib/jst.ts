import { assert, INVALID_DATE_MESSAGE } from './assert';

/** The shop's time zone: every calendar rule is evaluated here, whatever the host's TZ. */
export const SHOP_TIME_ZONE = 'Asia/Tokyo';

/**
 * Japan's offset from UTC. Japan has kept UTC+9 all year since its last daylight saving time
 * ended in September 1951, so for every date this shop deals with, Asia/Tokyo wall time is the
 * instant plus nine hours. Reading it with plain arithmetic instead of Intl (date-fns-tz) keeps
 * the rules out of the time-zone database: about 8 KB less in a browser bundle and no
 * Intl.DateTimeFormat call per date on a server. A property test checks this arithmetic
 * against date-fns-tz's Asia/Tokyo from 1952 to 2199.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * A date input accepted by every rule: a Date, or an ISO 8601 string in one of the forms
 * docs/rules.md ("Dates") lists; anything else throws `INVALID_DATE_MESSAGE`.
 *
 * @example
 * const days: DateInput[] = ['2026-12-01', '2026-12-01T10:00:00+09:00', new Date()];
 */
export type DateInput = Date | string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * The ISO 8601 strings a rule accepts, as RFC 3339 profiles them: a calendar date, optionally
 * followed by a time of day (hours and minutes, optional seconds and fraction) after `T` or a
 * space, and optionally `Z` or an offset `±hh:mm` or `±hh`. The space and the hour-only offset are
 * how PostgreSQL prints a timestamptz as text (`2026-11-25 10:00:00.123+00`). Groups: year,
 * month, day, hour, minute, second, fraction digits, offset.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::\d{2})?)?)?$/;

/**
 * Milliseconds since the epoch of a UTC date and time. Unlike Date.UTC, years 0-99 stay as
 * written (Date.UTC reads them as 1900-1999).
 */
function utcTime(year: number, month: number, day: number, ...time: number[]): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(time[0] ?? 0, time[1] ?? 0, time[2] ?? 0, time[3] ?? 0);
  return date.getTime();
}

function isRealCalendarDay(year: number, month: number, day: number): boolean {
  const d = new Date(utcTime(year, month, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** True for a date-only string of a real calendar day, such as `2026-12-01` (a JST day). */
export function isDateOnly(input: DateInput): input is string {
  if (typeof input !== 'string') return false;
  const m = DATE_ONLY.exec(input);
  return m !== null && isRealCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Turns a rule's date input into an instant. Strings are read strictly, never by `Date.parse`
 * (whose reading of anything but a full ISO date-time depends on the host's time zone):
 * a date-only string is the start of that calendar day in Japan, a date-time without an offset
 * is Japan wall-clock time, and a date-time with `Z` or an offset is that instant. Throws a
 * TypeError with INVALID_DATE_MESSAGE for an invalid Date, any other string, or an impossible
 * day, time of day or offset (a programmer error).
 */
export function toInstant(input: DateInput): Date {
  const time = input instanceof Date ? input.getTime() : parseIsoString(input);
  assert(!Number.isNaN(time), INVALID_DATE_MESSAGE);
  return input instanceof Date ? input : new Date(time);
}

/** Milliseconds since the epoch of an accepted ISO 8601 string (ISO_DATE_TIME); NaN otherwise. */
function parseIsoString(input: string): number {
  const m = ISO_DATE_TIME.exec(input);
  if (m === null) return Number.NaN;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    !isRealCalendarDay(year, month, day) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return Number.NaN;
  }
  // Digits past the millisecond are dropped, as Date keeps whole milliseconds.
  const millisecond = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  const offset = offsetMs(m[8]);
  return utcTime(year, month, day, hour, minute, second, millisecond) - offset;
}

/** The offset from UTC of `Z`, `±hh:mm` or `±hh`; Japan's for none; NaN for an impossible one. */
function offsetMs(offset: string | undefined): number {
  if (offset === undefined) return JST_OFFSET_MS;
  if (offset === 'Z') return 0;
  const hours = Number(offset.slice(1, 3));
  const minutes = offset.length > 3 ? Number(offset.slice(4, 6)) : 0;
  if (hours > 23 || minutes > 59) return Number.NaN;
  return (offset[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60 * 1000;
}

/** The instant shifted by Japan's offset, so that its UTC fields read Japan wall-clock time. */
function jstWall(input: DateInput): Date {
  return new Date(toInstant(input).getTime() + JST_OFFSET_MS);
}

/** The JST calendar day of an input: `{ year, month (1-12), day (1-31) }`. */
export function jstCalendarDay(input: DateInput): { year: number; month: number; day: number } {
  if (isDateOnly(input)) {
    const [, y, m, d] = DATE_ONLY.exec(input) as RegExpExecArray;
    return { year: Number(y), month: Number(m), day: Number(d) };
  }
  const wall = jstWall(input);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The JST calendar day of an input as `yyyy-MM-dd`. */
export function jstDateString(input: DateInput): string {
  const { year, month, day } = jstCalendarDay(input);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** The first instant of the JST calendar day that contains `input`. */
export function startOfJstDay(input: DateInput): Date {
  const wall = jstWall(input).getTime();
  const DAY_MS = 24 * 60 * 60 * 1000;
  return new Date(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS) - JST_OFFSET_MS);
}

/** The first instant of the JST calendar day after the one that contains `input`. */
export function startOfNextJstDay(input: DateInput): Date {
  return new Date(startOfJstDay(input).getTime() + 24 * 60 * 60 * 1000);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
