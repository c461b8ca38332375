import { fc, test } from '@fast-check/vitest';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect } from 'vitest';
import {
  acceptedIsoArb,
  impossibleDayArb,
  instantArb,
  nonIsoDateStringArb,
  wireDateArb,
} from '../../test/arbitraries';
import { isoDateSchema } from '../schemas/isoDate';
import { INVALID_DATE_MESSAGE } from './assert';
import { jstCalendarDay, jstDateString, startOfJstDay, toInstant } from './jst';

describe('toInstant', () => {
  test('reads a date-only string as the start of that JST day', () => {
    expect(toInstant('2026-12-01').toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });
  test('reads a date-time without an offset as Japan wall-clock time, whatever the host TZ', () => {
    expect(toInstant('2026-12-01T10:00:00').toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });
  test('keeps the offset of a date-time that has one', () => {
    expect(toInstant('2026-12-01T10:00:00Z').toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });
  test('throws on an invalid date or an impossible calendar day', () => {
    expect(() => toInstant('not a date')).toThrow(TypeError);
    expect(() => toInstant('2026-02-30')).toThrow(TypeError);
    expect(() => toInstant(new Date(Number.NaN))).toThrow(INVALID_DATE_MESSAGE);
  });
  test('rejects strings that Date.parse would read in the host time zone', () => {
    for (const text of [
      '2026/11/10 23:30',
      '2026-12',
      '2026',
      'Tue Dec 01 2026 10:00:00 GMT+0900',
      '2026-12-01T10',
      '20261201T100000Z',
      '2026-12-01T10:00:00+0900',
      '2026-12-01T10:00:00.Z',
      '+002026-12-01T00:00:00Z',
      ' 2026-12-01',
      '2026-12-01T10:00:00 +09:00',
      '',
    ]) {
      expect(() => toInstant(text), text).toThrow(INVALID_DATE_MESSAGE);
    }
  });
  test('rejects an impossible day, time of day or offset in every form', () => {
    for (const text of [
      '2026-02-30T10:00:00+09:00',
      '2026-02-29T10:00:00Z',
      '2026-04-31 10:00:00+00',
      '2026-13-01T00:00Z',
      '2026-12-01T10:00:00+24:00',
      '2026-12-01T10:00:00+09:60',
      '2026-12-01 24:00:00+00',
    ]) {
      expect(() => toInstant(text), text).toThrow(INVALID_DATE_MESSAGE);
    }
  });
  test('reads a space like T, as RFC 3339 and PostgreSQL write it', () => {
    expect(toInstant('2026-11-30 23:00').toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(toInstant('2026-11-25 10:00:00+00').toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(toInstant('2026-11-25 10:00:00.123456+09').toISOString()).toBe(
      '2026-11-25T01:00:00.123Z',
    );
    expect(toInstant('2026-11-25 10:00:00+05:30').toISOString()).toBe('2026-11-25T04:30:00.000Z');
  });
  test('reads a date-time with an offset but no seconds, and a short fraction', () => {
    expect(toInstant('2026-12-01T10:00+09:00').toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(toInstant('2026-12-01T10:00:00.5Z').toISOString()).toBe('2026-12-01T10:00:00.500Z');
    expect(toInstant('2026-12-01T10:00:00.07-03:00').toISOString()).toBe(
      '2026-12-01T13:00:00.070Z',
    );
  });
  test('reads years 0000-0099 as written, like isoDateSchema accepts them', () => {
    expect(toInstant('0050-03-01').toISOString()).toBe('0050-02-28T15:00:00.000Z');
    expect(jstDateString('0050-03-01')).toBe('0050-03-01');
    expect(toInstant('0099-12-31T23:00').toISOString()).toBe('0099-12-31T14:00:00.000Z');
    expect(() => toInstant('0099-02-29')).toThrow(TypeError);
  });
  test('gives the JST calendar day of a UTC instant', () => {
    expect(jstCalendarDay('2026-11-30T15:00:00Z')).toEqual({ year: 2026, month: 12, day: 1 });
  });
});

describe('the fixed UTC+9 arithmetic agrees with the time-zone database', () => {
  // Japan has had no daylight saving time since 1951; date-fns-tz reads Asia/Tokyo from Intl.
  const modernInstantArb = fc.date({
    min: new Date('1952-01-01T00:00:00Z'),
    max: new Date('2199-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  test.prop([modernInstantArb])('jstDateString equals formatInTimeZone(Asia/Tokyo)', (d) => {
    expect(jstDateString(d)).toBe(formatInTimeZone(d, 'Asia/Tokyo', 'yyyy-MM-dd'));
    expect(startOfJstDay(d).getTime()).toBe(
      fromZonedTime(`${jstDateString(d)}T00:00:00`, 'Asia/Tokyo').getTime(),
    );
  });
  test.prop([modernInstantArb])('a wall-clock string reads like fromZonedTime(Asia/Tokyo)', (d) => {
    const wall = formatInTimeZone(d, 'Asia/Tokyo', "yyyy-MM-dd'T'HH:mm:ss.SSS");
    expect(toInstant(wall).getTime()).toBe(fromZonedTime(wall, 'Asia/Tokyo').getTime());
    expect(toInstant(wall.slice(0, 16)).getTime()).toBe(
      fromZonedTime(wall.slice(0, 16), 'Asia/Tokyo').getTime(),
    );
  });
  test('impossible wall-clock times are invalid dates', () => {
    for (const bad of [
      '2026-02-29T10:00',
      '2026-12-01T24:00',
      '2026-12-01T10:60',
      '2026-12-01T10:00:60',
    ]) {
      expect(() => toInstant(bad)).toThrow(TypeError);
    }
    expect(toInstant('2028-02-29T23:59:59.999').toISOString()).toBe('2028-02-29T14:59:59.999Z');
  });
});

describe('properties', () => {
  // The suite runs under TZ=UTC, America/Los_Angeles and Asia/Tokyo, and each expected instant
  // below is built by UTC arithmetic, so passing under all three is host-zone independence.
  test.prop([acceptedIsoArb])(
    'is host-zone independent: an accepted ISO string is the instant it names',
    ({ text, instant }) => {
      expect(toInstant(text).toISOString()).toBe(instant.toISOString());
    },
  );
  test.prop([nonIsoDateStringArb])('is strict: a string in no accepted ISO form throws', (text) => {
    expect(() => toInstant(text)).toThrow(INVALID_DATE_MESSAGE);
  });
  test.prop([impossibleDayArb])(
    'is strict: an impossible calendar day throws in every form',
    (text) => {
      expect(() => toInstant(text)).toThrow(INVALID_DATE_MESSAGE);
    },
  );
  test.prop([wireDateArb])(
    'accepts every wire date isoDateSchema accepts, as the instant Date.parse gives it in Japan',
    (text) => {
      expect(isoDateSchema.safeParse(text).success).toBe(true);
      // A wire date-time carries its offset; a date-only one is that day's 00:00 in Japan.
      const expected = text.length > 10 ? text : `${text}T00:00:00+09:00`;
      expect(toInstant(text).getTime()).toBe(Date.parse(expected));
    },
  );
  test.prop([instantArb])(
    'startOfJstDay is at most 24 hours before and on the same JST day',
    (d) => {
      const start = startOfJstDay(d);
      expect(d.getTime() - start.getTime()).toBeGreaterThanOrEqual(0);
      expect(d.getTime() - start.getTime()).toBeLessThan(24 * 3600 * 1000);
      expect(jstDateString(start)).toBe(jstDateString(d));
    },
  );
});
