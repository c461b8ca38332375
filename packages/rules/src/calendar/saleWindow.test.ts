import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb, jstOracle } from '../../test/arbitraries';
import { expectMovesForward } from '../../test/laws';
import { INVALID_DATE_MESSAGE } from '../_lib/assert';
import { SALE_TERMS, type SaleTerm } from '../navigation/routeParams';
import { saleWindow, UNKNOWN_SALE_TERM_MESSAGE } from './saleWindow';

const DAY_MS = 86_400_000;
/** Any JST day 2000-2060, month ends included. */
const dayArb = instantArb.map((instant) => jstOracle(instant).date);

const numberOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('saleWindow', () => {
  test('日別 is the day, 週別 its Monday-to-Sunday week, 月別 its calendar month', () => {
    expect(saleWindow('day', '2026-11-20')).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(saleWindow('week', '2026-11-20')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(saleWindow('week', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(saleWindow('week', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(saleWindow('week', '2026-12-31')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(saleWindow('month', '2026-12-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(saleWindow('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(saleWindow('month', '2100-02-10')).toEqual({ from: '2100-02-01', to: '2100-02-28' });
  });

  test('an instant is read as its JST day', () => {
    expect(saleWindow('day', new Date('2026-11-30T14:59:59Z')).from).toBe('2026-11-30');
    expect(saleWindow('month', new Date('2026-11-30T15:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(saleWindow('week', '2026-11-23T00:00:00+09:00').from).toBe('2026-11-23');
  });

  test('refuses an invalid date or an unknown term', () => {
    expect(() => saleWindow('day', '2026-02-30')).toThrow(INVALID_DATE_MESSAGE);
    expect(() => saleWindow('year' as SaleTerm, '2026-11-20')).toThrow(UNKNOWN_SALE_TERM_MESSAGE);
    expect(() => saleWindow('toString' as SaleTerm, '2026-11-20')).toThrow(
      UNKNOWN_SALE_TERM_MESSAGE,
    );
  });
});

describe('properties', () => {
  test.prop([dayArb])('holds its day, as a whole day, week or month', (day) => {
    for (const term of SALE_TERMS.map((t) => t.value)) {
      const { from, to } = saleWindow(term, day);
      expect(from <= day && day <= to).toBe(true);
      const length = numberOfDay(to) - numberOfDay(from) + 1;
      if (term === 'day') expect(length).toBe(1);
      if (term === 'week') {
        expect(length).toBe(7);
        expect(weekdayOf(from)).toBe(1);
      }
      if (term === 'month') {
        expect(from).toBe(`${day.slice(0, 7)}-01`);
        expect(to.slice(0, 7)).toBe(day.slice(0, 7));
        expect(dayOfNumber(numberOfDay(to) + 1).slice(8)).toBe('01');
      }
    }
  });

  test.prop([dayArb])(
    'tiles the calendar: every day of a window has that window, the next starts the day after',
    (day) => {
      for (const term of SALE_TERMS.map((t) => t.value)) {
        const window = saleWindow(term, day);
        for (let n = numberOfDay(window.from); n <= numberOfDay(window.to); n += 1) {
          expect(saleWindow(term, dayOfNumber(n))).toEqual(window);
        }
        const next = saleWindow(term, dayOfNumber(numberOfDay(window.to) + 1));
        expect(next.from).toBe(dayOfNumber(numberOfDay(window.to) + 1));
      }
    },
  );

  test.prop([dayArb, dayArb])('moves forward with the day', (a, b) => {
    for (const term of SALE_TERMS.map((t) => t.value)) {
      expectMovesForward((day: string) => saleWindow(term, day), a, b);
    }
  });

  test.prop([instantArb])(
    "an instant gives its JST day's window (same under any host time zone)",
    (instant) => {
      for (const term of SALE_TERMS.map((t) => t.value)) {
        expect(saleWindow(term, instant)).toEqual(saleWindow(term, jstOracle(instant).date));
      }
    },
  );
});
