import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { assert, INVALID_DATE_MESSAGE } from './assert';

/** The shop's time zone: every calendar rule is evaluated here, whatever the host's TZ. */
export const SHOP_TIME_ZONE = 'Asia/Tokyo';

/** A date input accepted by every rule: a Date, or an ISO 8601 string. */
export type DateInput = Date | string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a date-only string such as `2026-12-01` (a JST calendar day). */
export function isDateOnly(input: DateInput): input is string {
  return typeof input === 'string' && DATE_ONLY.test(input);
}

/**
 * Turns a rule's date input into an instant. A date-only string is the start of that calendar
 * day in Japan; any other string is parsed as ISO 8601 (with its own offset, or UTC if none).
 * Throws a TypeError for an invalid date (a programmer error).
 */
export function toInstant(input: DateInput): Date {
  let date: Date;
  if (input instanceof Date) date = input;
  else if (isDateOnly(input)) date = fromZonedTime(`${input}T00:00:00`, SHOP_TIME_ZONE);
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
