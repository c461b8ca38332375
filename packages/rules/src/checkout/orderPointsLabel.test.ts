import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { orderPointsLabel } from './orderPointsLabel';
import { isMemberCancellable, ORDER_STATES } from './orderStates';

describe('orderPointsLabel', () => {
  test('獲得予定 before shipping, 獲得済み once shipped, 取消 when cancelled', () => {
    expect(ORDER_STATES.map((state) => [state, orderPointsLabel(state)])).toEqual([
      ['reserved', '獲得予定'],
      ['awaiting_payment', '獲得予定'],
      ['preparing', '獲得予定'],
      ['shipped', '獲得済み'],
      ['cancelled', '取消'],
      ['bundled', '獲得予定'],
    ]);
  });
});

describe('properties', () => {
  test.prop([fc.constantFrom(...ORDER_STATES)])(
    'an order the member can still cancel has its points still to come',
    (state) => {
      if (isMemberCancellable(state)) expect(orderPointsLabel(state)).toBe('獲得予定');
    },
  );
});
