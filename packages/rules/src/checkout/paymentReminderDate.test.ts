import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb } from '../../test/arbitraries';
import { addDays } from '../_lib/days';
import { jstToday } from '../calendar/jstToday';
import { isPaymentOverdue } from './isPaymentOverdue';
import { isPaymentReminderDue } from './isPaymentReminderDue';
import { paymentDueDate } from './paymentDueDate';
import { paymentReminderDate } from './paymentReminderDate';
import { PAYMENT_REMINDER_DAYS } from './paymentReminderDays';

const dueDateArb = instantArb.map((d) => jstToday(d));

describe('paymentReminderDate', () => {
  test('is PAYMENT_REMINDER_DAYS days before the due date, across a month and a year', () => {
    expect(PAYMENT_REMINDER_DAYS).toBe(2);
    expect(paymentReminderDate('2026-12-03')).toBe('2026-12-01');
    expect(paymentReminderDate('2026-12-01')).toBe('2026-11-29');
    expect(paymentReminderDate('2027-01-01')).toBe('2026-12-30');
  });
});

describe('isPaymentOverdue', () => {
  test('the due date is the last day: overdue from 00:00 JST of the next', () => {
    expect(isPaymentOverdue('2026-12-03', new Date('2026-12-03T14:59:59.999Z'))).toBe(false);
    expect(isPaymentOverdue('2026-12-03', new Date('2026-12-03T15:00:00Z'))).toBe(true);
  });
});

describe('isPaymentReminderDue', () => {
  test('from the reminder day to the due date, both included', () => {
    const at = (iso: string) => isPaymentReminderDue('2026-12-03', new Date(iso));
    expect(at('2026-11-30T14:59:59Z')).toBe(false); // 23:59 JST on the 30th
    expect(at('2026-11-30T15:00:00Z')).toBe(true); // 00:00 JST on the 1st
    expect(at('2026-12-03T14:59:59Z')).toBe(true);
    expect(at('2026-12-03T15:00:00Z')).toBe(false);
  });
});

describe('properties', () => {
  test.prop([dueDateArb])('is earlier: the reminder day is before the due date', (due) => {
    expect(paymentReminderDate(due) < due).toBe(true);
    expect(addDays(paymentReminderDate(due), PAYMENT_REMINDER_DAYS)).toBe(due);
  });
  test.prop([dueDateArb, instantArb])(
    'is exclusive: an order is never both to be reminded and overdue',
    (due, now) => {
      expect(isPaymentReminderDue(due, now) && isPaymentOverdue(due, now)).toBe(false);
    },
  );
  test.prop([dueDateArb, instantArb, instantArb])(
    'is monotonic: once overdue, an order stays overdue as time passes',
    (due, a, b) => {
      const [early, late] = a <= b ? [a, b] : [b, a];
      if (isPaymentOverdue(due, early)) expect(isPaymentOverdue(due, late)).toBe(true);
    },
  );
  test.prop([instantArb])(
    'gives time: an order placed now is neither to be reminded nor overdue today',
    (now) => {
      const due = paymentDueDate(now, 'bank_transfer', 1000) ?? '';
      expect(isPaymentReminderDue(due, now)).toBe(false);
      expect(isPaymentOverdue(due, now)).toBe(false);
    },
  );
  test.prop([dueDateArb, instantArb])(
    'is never silent: a day before an order is overdue, its reminder is due',
    (due, now) => {
      if (jstToday(now) === due) expect(isPaymentReminderDue(due, now)).toBe(true);
    },
  );
});
