import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { instantArb } from '../../test/arbitraries';
import { addDays } from '../_lib/days';
import { jstToday } from '../calendar/jstToday';
import {
  nextPointExpiry,
  POINT_EXPIRY_NOTICE_DAYS,
  pointExpiryScanBound,
  pointExpiryStage,
} from './pointExpiry';

const DAY_MS = 24 * 60 * 60 * 1000;
const balanceArb = fc.integer({ min: 1, max: 10_000_000 });

/** The expiry of a balance earned at `activity`, and the moment `later` ms after it. */
function expiryLater(activity: Date, later: number) {
  const expiry = nextPointExpiry(activity, 1);
  if (expiry === null) throw new Error('a balance expires');
  return { expiry, now: new Date(activity.getTime() + later) };
}

describe('nextPointExpiry', () => {
  test('the whole balance, on the same JST day one year after the last earning or use', () => {
    expect(nextPointExpiry(new Date('2026-03-10T02:00:00Z'), 500)).toEqual({
      date: '2027-03-10',
      amount: 500,
    });
    // 23:59 and 00:00 JST are different days.
    expect(nextPointExpiry(new Date('2026-03-09T14:59:59Z'), 1)?.date).toBe('2027-03-09');
    expect(nextPointExpiry(new Date('2026-03-09T15:00:00Z'), 1)?.date).toBe('2027-03-10');
    expect(nextPointExpiry('2026-12-31', 1)?.date).toBe('2027-12-31');
  });
  test('29 February: 28 February of a common year, 29 February of a leap year', () => {
    expect(nextPointExpiry('2028-02-29', 120)?.date).toBe('2029-02-28');
    expect(nextPointExpiry('2027-02-28', 120)?.date).toBe('2028-02-28');
    expect(nextPointExpiry('2027-03-01', 120)?.date).toBe('2028-03-01');
  });
  test('nothing expires without points or without activity', () => {
    expect(nextPointExpiry(new Date('2026-03-10T02:00:00Z'), 0)).toBeNull();
    expect(nextPointExpiry(null, 100)).toBeNull();
  });
  test('an invalid activity throws', () => {
    expect(() => nextPointExpiry('2026-02-30', 1)).toThrow(TypeError);
  });
});

describe('pointExpiryStage', () => {
  test('notice from 30 days before at 00:00 JST, expired from 00:00 JST after the date', () => {
    expect(POINT_EXPIRY_NOTICE_DAYS).toBe(30);
    const at = (iso: string) => pointExpiryStage('2027-03-10', new Date(iso));
    expect(at('2027-02-07T14:59:59.999Z')).toBe('valid');
    expect(at('2027-02-07T15:00:00Z')).toBe('notice');
    expect(at('2027-03-10T14:59:59.999Z')).toBe('notice');
    expect(at('2027-03-10T15:00:00Z')).toBe('expired');
  });
});

describe('properties', () => {
  test.prop([instantArb, balanceArb])(
    'a year: the date is 365 or 366 days after the activity day, and the amount is the balance',
    (activity, balance) => {
      const expiry = nextPointExpiry(activity, balance);
      expect(expiry?.amount).toBe(balance);
      const days =
        (Date.parse(`${expiry?.date}T00:00:00Z`) - Date.parse(`${jstToday(activity)}T00:00:00Z`)) /
        DAY_MS;
      expect([365, 366]).toContain(days);
    },
  );
  test.prop([instantArb, instantArb, balanceArb])(
    'monotonic: a later activity never expires earlier',
    (a, b, balance) => {
      const [early, late] = a <= b ? [a, b] : [b, a];
      const first = nextPointExpiry(early, balance)?.date ?? '';
      const second = nextPointExpiry(late, balance)?.date ?? '';
      expect(first <= second).toBe(true);
    },
  );
  test.prop([instantArb, balanceArb])(
    'never expired on the day of the activity nor within a year of it',
    (activity, balance) => {
      const expiry = nextPointExpiry(activity, balance);
      if (expiry === null) throw new Error('a balance expires');
      expect(pointExpiryStage(expiry.date, activity)).toBe('valid');
      expect(pointExpiryStage(expiry.date, new Date(activity.getTime() + 364 * DAY_MS))).not.toBe(
        'expired',
      );
    },
  );
  test.prop([fc.constantFrom('2026-03-10', '2028-02-29', '2030-01-01'), instantArb, instantArb])(
    'ordered: valid, then notice, then expired, never going back',
    (date, a, b) => {
      const rank = { valid: 0, notice: 1, expired: 2 } as const;
      const [early, late] = a <= b ? [a, b] : [b, a];
      expect(rank[pointExpiryStage(date, early)]).toBeLessThanOrEqual(
        rank[pointExpiryStage(date, late)],
      );
    },
  );
  test.prop([instantArb, fc.integer({ min: 0, max: 800 * DAY_MS })])(
    'the notice stage lasts POINT_EXPIRY_NOTICE_DAYS + 1 JST days, the expiry date included',
    (activity, later) => {
      const { expiry, now } = expiryLater(activity, later);
      const today = jstToday(now);
      const inNotice =
        today >= addDays(expiry.date, -POINT_EXPIRY_NOTICE_DAYS) && today <= expiry.date;
      expect(pointExpiryStage(expiry.date, now) === 'notice').toBe(inNotice);
    },
  );
  test.prop([instantArb, fc.integer({ min: 0, max: 800 * DAY_MS })])(
    'the scan bound misses nobody: an activity whose points are due a notice or expired is before it',
    (activity, later) => {
      const { expiry, now } = expiryLater(activity, later);
      if (pointExpiryStage(expiry.date, now) !== 'valid') {
        expect(activity.getTime()).toBeLessThan(pointExpiryScanBound(now).getTime());
      }
    },
  );
  test.prop([
    fc.date({
      min: new Date('2027-02-27T14:00:00Z'),
      max: new Date('2028-03-01T16:00:00Z'),
      noInvalidDate: true,
    }),
  ])(
    'the scan bound is tight within a day: the latest activity due a notice is at most a day before it',
    (now) => {
      // Just before the bound plus a day, an activity of that JST day reaches notice at `now`.
      const activity = new Date(pointExpiryScanBound(now).getTime() - 2 * DAY_MS);
      const expiry = nextPointExpiry(activity, 1);
      expect(expiry && pointExpiryStage(expiry.date, now)).not.toBe('valid');
    },
  );
});
