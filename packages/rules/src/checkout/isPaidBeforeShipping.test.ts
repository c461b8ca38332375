import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { yenArb } from '../../test/arbitraries';
import { NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';
import { isPaidBeforeShipping } from './isPaidBeforeShipping';
import { PAYMENT_METHODS } from './paymentMethods';

describe('isPaidBeforeShipping', () => {
  test('bank and ゆうちょ transfers wait for their money; card, cash on delivery and points do not', () => {
    expect(
      PAYMENT_METHODS.filter((m) => isPaidBeforeShipping(m, 1)).map((m) => m.typeName),
    ).toEqual(['bank_transfer', 'yucho']);
  });
  test('takes a method or its name', () => {
    expect(isPaidBeforeShipping('yucho', 500)).toBe(true);
    expect(isPaidBeforeShipping('cash_on_delivery', 500)).toBe(false);
  });
  test('throws for an amount that is not a safe integer', () => {
    expect(() => isPaidBeforeShipping('bank_transfer', 1.5)).toThrow(NON_INTEGER_YEN_MESSAGE);
  });
});

describe('properties', () => {
  test('has nothing to wait for when nothing is due: an amount of 0 never waits, for every method', () => {
    for (const method of PAYMENT_METHODS) expect(isPaidBeforeShipping(method, 0)).toBe(false);
  });
  test.prop([yenArb.filter((yen) => yen > 0)])(
    'follows the table: with money due, it is the method’s paidBeforeShipping, for every method',
    (amountDue) => {
      for (const method of PAYMENT_METHODS) {
        expect(isPaidBeforeShipping(method, amountDue)).toBe(method.paidBeforeShipping);
      }
    },
  );
});
