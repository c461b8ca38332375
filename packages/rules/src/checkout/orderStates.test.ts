import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  isMemberCancellable,
  isOrderState,
  MEMBER_CANCELLABLE_ORDER_STATES,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  orderStateLabel,
} from './orderStates';

describe('orderStateLabel', () => {
  test('labels each state as docs/spec.md §10 names it', () => {
    expect(ORDER_STATES.map(orderStateLabel)).toEqual([
      '予約中',
      '入金待ち',
      '発送準備中',
      '発送済み',
      'キャンセル',
      'おまとめ済み',
    ]);
  });

  test('gives an empty label for a value that is not a state', () => {
    expect(orderStateLabel('Reserved')).toBe('');
    expect(orderStateLabel('')).toBe('');
    expect(orderStateLabel('toString')).toBe('');
  });
});

describe('MEMBER_CANCELLABLE_ORDER_STATES', () => {
  test('lets a member cancel only before the order is prepared for shipping', () => {
    expect(MEMBER_CANCELLABLE_ORDER_STATES).toEqual(['reserved', 'awaiting_payment']);
    expect(ORDER_STATES.filter(isMemberCancellable)).toEqual(['reserved', 'awaiting_payment']);
  });
});

describe('properties', () => {
  test('is total: every state has a non-empty label', () => {
    for (const state of ORDER_STATES) {
      expect(orderStateLabel(state)).toBe(ORDER_STATE_LABELS[state]);
      expect(orderStateLabel(state).length).toBeGreaterThan(0);
    }
  });

  test('is injective: two different states never share a label', () => {
    for (const a of ORDER_STATES) {
      for (const b of ORDER_STATES) {
        if (a === b) continue;
        expect(orderStateLabel(a)).not.toBe(orderStateLabel(b));
      }
    }
  });

  test.prop([fc.string()])(
    'agrees with isOrderState: a value has a label exactly when it is a state',
    (value) => {
      expect(orderStateLabel(value) !== '').toBe(isOrderState(value));
    },
  );

  test('closes after preparation: a state after awaiting_payment is never member-cancellable', () => {
    for (const state of ORDER_STATES) {
      if (ORDER_STATES.indexOf(state) <= ORDER_STATES.indexOf('awaiting_payment')) continue;
      expect(isMemberCancellable(state)).toBe(false);
    }
  });
});
