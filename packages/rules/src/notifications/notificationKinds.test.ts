import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  canOptOut,
  isNotificationKind,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
} from './notificationKinds';

describe('NOTIFICATION_KINDS', () => {
  test('keeps the mails that form or protect the contract and the account essential', () => {
    expect(NOTIFICATION_KIND_NAMES.filter((kind) => !canOptOut(kind))).toEqual([
      'order_confirmation',
      'payment_request',
      'payment_reminder',
      'payment_received',
      'order_cancelled',
      'shipped',
      'release_postponed',
      'price_decided',
      'password_reset',
      'password_changed',
      'email_change',
      'email_changed',
      'withdrawal_completed',
    ]);
  });

  test('lets a member turn off the reminders and digests they asked for', () => {
    expect(NOTIFICATION_KIND_NAMES.filter(canOptOut)).toEqual([
      'points_expiring',
      'favorite_new_releases',
      'restock',
    ]);
  });

  test('describes exactly the listed kinds, in their order', () => {
    expect(Object.keys(NOTIFICATION_KINDS)).toEqual([...NOTIFICATION_KIND_NAMES]);
  });

  test('refuses names that are not kinds, inherited properties included', () => {
    expect(isNotificationKind('toString')).toBe(false);
    expect(isNotificationKind('ORDER_CONFIRMATION')).toBe(false);
    expect(isNotificationKind('')).toBe(false);
  });
});

describe('properties', () => {
  test('is total: every kind has a Japanese label and is a kind', () => {
    for (const kind of NOTIFICATION_KIND_NAMES) {
      expect(NOTIFICATION_KINDS[kind].label).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(isNotificationKind(kind)).toBe(true);
    }
  });

  test('is injective: two kinds never share a label (a member tells them apart in the settings)', () => {
    for (const a of NOTIFICATION_KIND_NAMES) {
      for (const b of NOTIFICATION_KIND_NAMES) {
        if (a === b) continue;
        expect(NOTIFICATION_KINDS[a].label).not.toBe(NOTIFICATION_KINDS[b].label);
      }
    }
  });

  test('is complementary: a kind may be turned off exactly when it is not essential', () => {
    for (const kind of NOTIFICATION_KIND_NAMES) {
      expect(canOptOut(kind)).toBe(!NOTIFICATION_KINDS[kind].essential);
    }
  });

  test.prop([fc.string()])(
    'agrees with the table: a value is a kind exactly when listed',
    (value) => {
      expect(isNotificationKind(value)).toBe(NOTIFICATION_KIND_NAMES.includes(value as never));
    },
  );
});
