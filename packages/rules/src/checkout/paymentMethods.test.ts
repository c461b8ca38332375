import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { paymentMethodSchema } from '../schemas/paymentMethod';
import { PAYMENT_DUE_DAYS } from './paymentDueDays';
import { paymentMethod } from './paymentMethod';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from './paymentMethods';
import { PAYMENT_INSTRUCTION_KINDS, PAYMENT_SETTLEMENTS } from './paymentSettlements';

describe('PAYMENT_METHODS', () => {
  test('credit card: "fee 0, usable for bundles, economical and global allowed, attention note"', () => {
    expect(paymentMethod('credit_card')).toMatchObject({
      verboseName: 'クレジットカード',
      fee: 0,
      isBundleUsable: true,
      canEconomicalShipping: true,
      canGlobalShipping: true,
      hasAttention: true,
    });
  });
  test('bank transfer (virtual account) and Yucho: fee 0, domestic, not bundled', () => {
    for (const name of ['bank_transfer', 'yucho'] as const) {
      expect(paymentMethod(name)).toMatchObject({
        fee: 0,
        isBundleUsable: false,
        canEconomicalShipping: true,
        canGlobalShipping: false,
      });
    }
  });
  test('cash on delivery: "fee 330 (代金引換手数料), free at 10000 and above, no economical shipping"', () => {
    expect(paymentMethod('cash_on_delivery')).toMatchObject({
      fee: 330,
      feeTitle: '代金引換手数料',
      isFreeThreshold: true,
      freeThreshold: 10000,
      canEconomicalShipping: false,
      canGlobalShipping: false,
    });
  });
  test('full points (全額ポイント利用): "fee 0, shows an attention note"', () => {
    expect(paymentMethod('full_points')).toMatchObject({
      verboseName: '全額ポイント利用',
      fee: 0,
      hasAttention: true,
    });
  });
  test('every method is valid under paymentMethodSchema, in PAYMENT_METHOD_NAMES order', () => {
    for (const method of PAYMENT_METHODS)
      expect(method).toMatchObject(paymentMethodSchema.parse(method));
    expect(PAYMENT_METHODS.map((method) => method.typeName)).toEqual([...PAYMENT_METHOD_NAMES]);
  });
  test('how each method settles and when its money comes in', () => {
    expect(
      PAYMENT_METHODS.map((m) => [
        m.typeName,
        m.settlement,
        m.paidBeforeShipping,
        m.dueDays,
        m.instructions,
      ]),
    ).toEqual([
      ['credit_card', 'card', false, null, null],
      ['bank_transfer', 'transfer', true, PAYMENT_DUE_DAYS, 'bank_transfer'],
      ['yucho', 'transfer', true, PAYMENT_DUE_DAYS, 'yucho'],
      ['cash_on_delivery', 'on_delivery', false, null, null],
      ['full_points', 'points', false, null, null],
    ]);
  });
  test('every settlement and every kind of instructions belongs to some method', () => {
    const settlements = new Set(PAYMENT_METHODS.map((m) => m.settlement));
    const instructions = new Set(PAYMENT_METHODS.map((m) => m.instructions));
    for (const settlement of PAYMENT_SETTLEMENTS) expect(settlements).toContain(settlement);
    for (const kind of PAYMENT_INSTRUCTION_KINDS) expect(instructions).toContain(kind);
  });
  test('paymentMethod gives null for an unknown name', () => {
    expect(paymentMethod('bitcoin')).toBeNull();
  });
});

describe('properties', () => {
  test('is a lookup: paymentMethod(method.typeName) is the method', () => {
    for (const method of PAYMENT_METHODS) {
      expect(paymentMethod(method.typeName)).toBe(method);
    }
  });
  test.prop([fc.string()])('knows only its names: any other string gives null', (name) => {
    fc.pre(!(PAYMENT_METHOD_NAMES as readonly string[]).includes(name));
    expect(paymentMethod(name)).toBeNull();
  });
});
