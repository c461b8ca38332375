import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { assert, INVALID_DATE_MESSAGE } from './assert';

/** The shop's time zone: every calendar rule is evaluated here, whatever the host's TZ. */
export const SHOP_TIME_ZONE = 'Asia/Tokyo';

/** A date input accepted by every rule: a Date, or an ISO 8601 string. */
export type DateInput = Date | string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time with no `Z` or `±hh:mm`: read as Japan wall-clock time, never the host's.
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

function isRealCalendarDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** True for a date-only string of a real calendar day, such as `2026-12-01` (a JST day). */
export function isDateOnly(input: DateInput): input is string {
  if (typeof input !== 'string') return false;
  const m = DATE_ONLY.exec(input);
  return m !== null && isRealCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Turns a rule's date input into an instant. A date-only string is the start of that calendar
 * day in Japan, and a date-time without an offset is Japan wall-clock time; a string with its
 * own offset is that instant. Throws a TypeError for an invalid date (a programmer error).
 */
export function toInstant(input: DateInput): Date {
  let date: Date;
  if (input instanceof Date) date = input;
  else if (isDateOnly(input)) date = fromZonedTime(`${input}T00:00:00`, SHOP_TIME_ZONE);
  else if (DATE_ONLY.test(input)) date = new Date(Number.NaN);
  else if (LOCAL_DATE_TIME.test(input)) date = fromZonedTime(input, SHOP_TIME_ZONE);
  else date = new Date(input);
  assert(!Number.isNaN(date.getTime()), INVALID_DATE_MESSAGE);
  return date;
}

/** The JST calendar day of an input: `{ year, month (1-12), day (1-31) }`. */
export function jstCalendarDay(input: DateInput): { year: number; month: number; day: number } {
  if (isDateOnly(input)) {
    const [, y, m, d] = DATE_ONLY.exec(input) as RegExpExecArray;
    return { year: Number(y), month: Number(m), day: Number(d) };
  }
  const [year, month, day] = formatInTimeZone(toInstant(input), SHOP_TIME_ZONE, 'yyyy-MM-dd')
    .split('-')
    .map(Number) as [number, number, number];
  return { year, month, day };
}

/** The JST calendar day of an input as `yyyy-MM-dd`. */
export function jstDateString(input: DateInput): string {
  return formatInTimeZone(toInstant(input), SHOP_TIME_ZONE, 'yyyy-MM-dd');
}

/** The first instant of the JST calendar day that contains `input`. */
export function startOfJstDay(input: DateInput): Date {
  return fromZonedTime(`${jstDateString(input)}T00:00:00`, SHOP_TIME_ZONE);
}

/** The first instant of the JST calendar day after the one that contains `input`. */
export function startOfNextJstDay(input: DateInput): Date {
  return new Date(startOfJstDay(input).getTime() + 24 * 60 * 60 * 1000);
}
