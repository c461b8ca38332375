import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { instantArb } from '../../test/arbitraries';
import { expectMovesForward } from '../../test/laws';
import { RANKING_TYPES, type RankingType } from '../navigation/routeParams';
import { jstToday } from './jstToday';
import { RANKING_WINDOW_DAYS, rankingWindow, UNKNOWN_RANKING_TYPE_MESSAGE } from './rankingWindow';

const DAY_MS = 86_400_000;

/** The JST day number of an instant (days since 1970-01-01 in Japan), by UTC+9 arithmetic. */
const jstDayNumber = (instant: Date) => Math.floor((instant.getTime() + 9 * 3_600_000) / DAY_MS);
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const numberOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

describe('rankingWindow', () => {
  const now = new Date('2026-11-20T12:00:00+09:00');

  test('sales rankings count complete days up to yesterday; 予約 the last 30 days with today', () => {
    expect(rankingWindow('daily', now)).toEqual({
      from: '2026-11-19',
      to: '2026-11-19',
      measure: 'sales',
    });
    expect(rankingWindow('weekly', now)).toEqual({
      from: '2026-11-13',
      to: '2026-11-19',
      measure: 'sales',
    });
    expect(rankingWindow('monthly', now)).toEqual({
      from: '2026-10-21',
      to: '2026-11-19',
      measure: 'sales',
    });
    expect(rankingWindow('yearly', now)).toEqual({
      from: '2025-11-20',
      to: '2026-11-19',
      measure: 'sales',
    });
    expect(rankingWindow('reservation', now)).toEqual({
      from: '2026-10-22',
      to: '2026-11-20',
      measure: 'reservations',
    });
  });

  test('turns at 00:00 JST (15:00 UTC), across month and year ends', () => {
    expect(rankingWindow('daily', new Date('2026-12-31T14:59:59.999Z')).to).toBe('2026-12-30');
    expect(rankingWindow('daily', new Date('2026-12-31T15:00:00Z')).to).toBe('2026-12-31');
    expect(rankingWindow('weekly', new Date('2027-01-01T15:00:00Z'))).toMatchObject({
      from: '2026-12-26',
      to: '2027-01-01',
    });
    expect(rankingWindow('yearly', new Date('2028-03-01T00:00:00+09:00')).from).toBe('2027-03-02');
  });

  test('refuses an unknown type', () => {
    expect(() => rankingWindow('hourly' as RankingType, now)).toThrow(UNKNOWN_RANKING_TYPE_MESSAGE);
    expect(() => rankingWindow('toString' as RankingType, now)).toThrow(
      UNKNOWN_RANKING_TYPE_MESSAGE,
    );
  });
});

describe('properties', () => {
  test.prop([instantArb])(
    'is RANKING_WINDOW_DAYS days ending yesterday (today for 予約), by the UTC+9 oracle',
    (instant) => {
      for (const type of RANKING_TYPES.map((t) => t.value)) {
        const today = jstDayNumber(instant);
        const to = type === 'reservation' ? today : today - 1;
        expect(rankingWindow(type, instant)).toEqual({
          from: dayOfNumber(to - RANKING_WINDOW_DAYS[type] + 1),
          to: dayOfNumber(to),
          measure: type === 'reservation' ? 'reservations' : 'sales',
        });
      }
    },
  );

  test.prop([instantArb])(
    'holds today only for 予約; a sales window never holds an unfinished day',
    (instant) => {
      for (const type of RANKING_TYPES.map((t) => t.value)) {
        const { from, to } = rankingWindow(type, instant);
        const today = jstToday(instant);
        expect(from <= today && today <= to).toBe(type === 'reservation');
        expect(numberOfDay(to) - numberOfDay(from) + 1).toBe(RANKING_WINDOW_DAYS[type]);
      }
    },
  );

  test.prop([instantArb, fc.integer({ min: 0, max: DAY_MS - 1 })])(
    'is the same all through a JST day and moves by one day the next',
    (instant, offset) => {
      for (const type of RANKING_TYPES.map((t) => t.value)) {
        const startOfDay = jstDayNumber(instant) * DAY_MS - 9 * 3_600_000;
        const window = rankingWindow(type, new Date(startOfDay + offset));
        expect(rankingWindow(type, new Date(startOfDay))).toEqual(window);
        const next = rankingWindow(type, new Date(startOfDay + DAY_MS));
        expect(numberOfDay(next.from) - numberOfDay(window.from)).toBe(1);
        expect(numberOfDay(next.to) - numberOfDay(window.to)).toBe(1);
      }
    },
  );

  test.prop([instantArb, instantArb])('moves forward with now', (a, b) => {
    for (const type of RANKING_TYPES.map((t) => t.value)) {
      expectMovesForward((now: Date) => rankingWindow(type, now), a, b);
    }
  });

  test.prop([instantArb])(
    'sales windows nest: 毎日 ⊂ 週間 ⊂ 月間 ⊂ 年間, all ending yesterday',
    (instant) => {
      const [daily, weekly, monthly, yearly] = (
        ['daily', 'weekly', 'monthly', 'yearly'] as const
      ).map((type) => rankingWindow(type, instant));
      const pairs = [
        [daily, weekly],
        [weekly, monthly],
        [monthly, yearly],
      ];
      for (const [shorter, longer] of pairs) {
        if (shorter === undefined || longer === undefined) throw new Error('missing window');
        expect(longer.from <= shorter.from).toBe(true);
        expect(longer.to).toBe(shorter.to);
      }
    },
  );
});
