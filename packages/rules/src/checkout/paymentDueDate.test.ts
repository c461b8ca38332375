import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb, yenArb } from '../../test/arbitraries';
import { INVALID_DATE_MESSAGE } from '../_lib/assert';
import { jstToday } from '../calendar/jstToday';
import { isPaidBeforeShipping } from './isPaidBeforeShipping';
import { paymentDueDate } from './paymentDueDate';
import { PAYMENT_DUE_DAYS } from './paymentDueDays';
import { PAYMENT_METHODS } from './paymentMethods';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('paymentDueDate', () => {
  test('a transfer is due PAYMENT_DUE_DAYS JST days after the JST day of the order', () => {
    // 23:59 JST on 25 November, then 00:00 JST on 26 November.
    expect(paymentDueDate(new Date('2026-11-25T14:59:00Z'), 'bank_transfer', 1000)).toBe(
      '2026-12-02',
    );
    expect(paymentDueDate(new Date('2026-11-25T15:00:00Z'), 'yucho', 1000)).toBe('2026-12-03');
    expect(PAYMENT_DUE_DAYS).toBe(7);
  });
  test('no due date for a method that waits for no money, nor for nothing due', () => {
    const now = new Date('2026-11-25T03:00:00Z');
    expect(paymentDueDate(now, 'credit_card', 1000)).toBeNull();
    expect(paymentDueDate(now, 'cash_on_delivery', 1000)).toBeNull();
    expect(paymentDueDate(now, 'full_points', 0)).toBeNull();
    expect(paymentDueDate(now, 'bank_transfer', 0)).toBeNull();
  });
  test('throws for an invalid date', () => {
    expect(() => paymentDueDate(new Date(Number.NaN), 'yucho', 1000)).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('properties', () => {
  test.prop([instantArb, yenArb])(
    'is dated exactly when the order waits: non-null iff isPaidBeforeShipping, for every method',
    (now, amountDue) => {
      for (const method of PAYMENT_METHODS) {
        expect(paymentDueDate(now, method, amountDue) !== null).toBe(
          isPaidBeforeShipping(method, amountDue),
        );
      }
    },
  );
  test.prop([instantArb, yenArb.filter((yen) => yen > 0)])(
    'is dueDays × 24 hours on: the JST day of now plus dueDays days, for every method with due days',
    (now, amountDue) => {
      for (const method of PAYMENT_METHODS) {
        if (method.dueDays === null) continue;
        expect(paymentDueDate(now, method, amountDue)).toBe(
          jstToday(new Date(now.getTime() + method.dueDays * DAY_MS)),
        );
      }
    },
  );
  test.prop([instantArb, instantArb])(
    'is monotonic: a later order is never due earlier',
    (a, b) => {
      const [early, late] = a <= b ? [a, b] : [b, a];
      const due = (now: Date) => paymentDueDate(now, 'bank_transfer', 1000) ?? '';
      expect(due(early) <= due(late)).toBe(true);
    },
  );
});
