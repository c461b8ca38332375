import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { yenArb } from '../../test/arbitraries';
import { initialOrderState } from './initialOrderState';
import { isPaidBeforeShipping } from './isPaidBeforeShipping';
import { PAYMENT_METHODS } from './paymentMethods';

describe('initialOrderState', () => {
  test('a transfer order waits for its money, a card order is ready to ship', () => {
    expect(
      initialOrderState({ isReservation: false, payment: 'bank_transfer', amountDue: 1 }),
    ).toBe('awaiting_payment');
    expect(initialOrderState({ isReservation: false, payment: 'credit_card', amountDue: 1 })).toBe(
      'preparing',
    );
    expect(initialOrderState({ isReservation: false, payment: 'full_points', amountDue: 0 })).toBe(
      'preparing',
    );
  });
  test('a reservation is reserved, even when its money is awaited', () => {
    expect(initialOrderState({ isReservation: true, payment: 'yucho', amountDue: 2200 })).toBe(
      'reserved',
    );
  });
});

describe('properties', () => {
  test.prop([yenArb])(
    'reserves every reservation: isReservation gives reserved whatever the payment and amount',
    (amountDue) => {
      for (const payment of PAYMENT_METHODS) {
        expect(initialOrderState({ isReservation: true, payment, amountDue })).toBe('reserved');
      }
    },
  );
  test.prop([yenArb])(
    'awaits payment exactly when isPaidBeforeShipping: otherwise an order is preparing',
    (amountDue) => {
      for (const payment of PAYMENT_METHODS) {
        expect(initialOrderState({ isReservation: false, payment, amountDue })).toBe(
          isPaidBeforeShipping(payment, amountDue) ? 'awaiting_payment' : 'preparing',
        );
      }
    },
  );
});
