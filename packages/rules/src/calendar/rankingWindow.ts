import { assert } from '../_lib/assert';
import { addDays } from '../_lib/days';
import { jstDateString } from '../_lib/jst';
import type { RankingType } from '../navigation/routeParams';

/**
 * Inclusive JST calendar days `yyyy-MM-dd`: a window covers `from`, `to` and every day between.
 *
 * @example
 * const window: DayWindow = { from: '2026-11-16', to: '2026-11-22' };
 */
export interface DayWindow {
  readonly from: string;
  readonly to: string;
}

/**
 * A ranking's window and what it counts: units sold (`sales`), or units reserved before release
 * (`reservations`).
 *
 * @example
 * const window: RankingWindow = { from: '2026-11-19', to: '2026-11-19', measure: 'sales' };
 */
export interface RankingWindow extends DayWindow {
  readonly measure: 'sales' | 'reservations';
}

/**
 * How many JST days each ranking counts: 毎日 1, 週間 7, 月間 30, 年間 365, 予約 30.
 *
 * @example
 * RANKING_WINDOW_DAYS.weekly; // 7
 */
export const RANKING_WINDOW_DAYS = {
  reservation: 30,
  daily: 1,
  weekly: 7,
  monthly: 30,
  yearly: 365,
} as const satisfies Record<RankingType, number>;

/**
 * Thrown by `rankingWindow` for a ranking type that is not one of RANKING_TYPES (a programmer
 * error).
 *
 * @example
 * expect(() => rankingWindow('hourly' as RankingType, now)).toThrow(UNKNOWN_RANKING_TYPE_MESSAGE);
 */
export const UNKNOWN_RANKING_TYPE_MESSAGE = 'Expected a ranking type (RANKING_TYPES).';

/**
 * The JST days a ranking counts at `now`. Sales rankings (毎日, 週間, 月間, 年間) count complete
 * days only: the `RANKING_WINDOW_DAYS` days ending yesterday, so a ranking does not move during
 * the day and every shopper sees the same one. 予約 counts reservations placed in the last 30
 * days, today included (a reservation ranking is about what is wanted now). The window turns
 * at 00:00 JST whatever the host's time zone. Throws a TypeError for an unknown type.
 *
 * @example
 * const now = new Date('2026-11-20T12:00:00+09:00');
 * rankingWindow('daily', now); // { from: '2026-11-19', to: '2026-11-19', measure: 'sales' }
 * rankingWindow('weekly', now); // { from: '2026-11-13', to: '2026-11-19', measure: 'sales' }
 * rankingWindow('yearly', now); // { from: '2025-11-20', to: '2026-11-19', measure: 'sales' }
 * rankingWindow('reservation', now); // { from: '2026-10-22', to: '2026-11-20', measure: 'reservations' }
 */
export function rankingWindow(type: RankingType, now: Date): RankingWindow {
  assert(Object.hasOwn(RANKING_WINDOW_DAYS, type), UNKNOWN_RANKING_TYPE_MESSAGE);
  const today = jstDateString(now);
  const reservations = type === 'reservation';
  const to = reservations ? today : addDays(today, -1);
  return {
    from: addDays(to, -(RANKING_WINDOW_DAYS[type] - 1)),
    to,
    measure: reservations ? 'reservations' : 'sales',
  };
}
