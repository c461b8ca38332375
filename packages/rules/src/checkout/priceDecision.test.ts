import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb } from '../../test/arbitraries';
import { INVALID_DATE_MESSAGE } from '../_lib/assert';
import { jstToday } from '../calendar/jstToday';
import { PAYMENT_METHODS } from './paymentMethods';
import {
  canWaitForPrice,
  PRICE_DECISION_CANCEL_DAYS,
  priceDecisionCancelDeadline,
} from './priceDecision';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('priceDecisionCancelDeadline', () => {
  test('is the JST day seven days after the JST day of the decision', () => {
    // 23:59 JST on 25 November, then 00:00 JST on 26 November.
    expect(priceDecisionCancelDeadline(new Date('2026-11-25T14:59:00Z'))).toBe('2026-12-02');
    expect(priceDecisionCancelDeadline(new Date('2026-11-25T15:00:00Z'))).toBe('2026-12-03');
    expect(PRICE_DECISION_CANCEL_DAYS).toBe(7);
  });
  test('throws for an invalid date', () => {
    expect(() => priceDecisionCancelDeadline(new Date(Number.NaN))).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('canWaitForPrice', () => {
  test('card, transfers and cash on delivery wait; full points cannot', () => {
    expect(PAYMENT_METHODS.filter((m) => canWaitForPrice(m)).map((m) => m.typeName)).toEqual([
      'credit_card',
      'bank_transfer',
      'yucho',
      'cash_on_delivery',
    ]);
    expect(canWaitForPrice('full_points')).toBe(false);
  });
});

describe('properties', () => {
  test.prop([instantArb])(
    'the deadline is the JST day of decision + 7 × 24 hours, and after the decision day',
    (decidedAt) => {
      const deadline = priceDecisionCancelDeadline(decidedAt);
      expect(deadline).toBe(
        jstToday(new Date(decidedAt.getTime() + PRICE_DECISION_CANCEL_DAYS * DAY_MS)),
      );
      expect(deadline > jstToday(decidedAt)).toBe(true);
    },
  );
  test.prop([instantArb, instantArb])(
    'is monotonic: a later decision never ends earlier',
    (a, b) => {
      const [early, late] = a <= b ? [a, b] : [b, a];
      expect(priceDecisionCancelDeadline(early) <= priceDecisionCancelDeadline(late)).toBe(true);
    },
  );
});
