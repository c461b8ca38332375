import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  ACCOUNT_LINK_LIFETIME_MINUTES,
  ACCOUNT_LINK_PURPOSES,
  accountLinkExpiresAt,
  isAccountLinkUsable,
} from './accountLinks';

const issued = new Date('2026-11-25T00:00:00.000Z');

describe('account links', () => {
  test('a password reset works for 30 minutes, an e-mail change for a day', () => {
    const reset = { purpose: 'password_reset' as const, issuedAt: issued, usedAt: null };
    expect(isAccountLinkUsable(reset, new Date('2026-11-25T00:29:59.999Z'))).toBe(true);
    expect(isAccountLinkUsable(reset, new Date('2026-11-25T00:30:00.000Z'))).toBe(false);
    const change = { purpose: 'email_change' as const, issuedAt: issued, usedAt: null };
    expect(isAccountLinkUsable(change, new Date('2026-11-25T23:59:59.999Z'))).toBe(true);
    expect(isAccountLinkUsable(change, new Date('2026-11-26T00:00:00.000Z'))).toBe(false);
  });

  test('a used link never works again, even within its lifetime', () => {
    const used = { purpose: 'password_reset' as const, issuedAt: issued, usedAt: issued };
    expect(isAccountLinkUsable(used, new Date('2026-11-25T00:01:00.000Z'))).toBe(false);
  });
});

const purpose = fc.constantFrom(...ACCOUNT_LINK_PURPOSES);
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('properties', () => {
  test.prop([purpose, instant])('expires exactly its lifetime after it is issued', (p, at) => {
    expect(accountLinkExpiresAt(p, at).getTime() - at.getTime()).toBe(
      ACCOUNT_LINK_LIFETIME_MINUTES[p] * 60_000,
    );
  });

  test.prop([purpose, instant, fc.integer({ min: -10 * 24 * 3600_000, max: 10 * 24 * 3600_000 })])(
    'works exactly from its issue until its expiry (half-open) while unused',
    (p, at, offset) => {
      const now = new Date(at.getTime() + offset);
      const usable = isAccountLinkUsable({ purpose: p, issuedAt: at, usedAt: null }, now);
      expect(usable).toBe(offset >= 0 && offset < ACCOUNT_LINK_LIFETIME_MINUTES[p] * 60_000);
    },
  );

  test.prop([purpose, instant, instant, instant])(
    'is single-use: a used link works at no time',
    (p, at, usedAt, now) => {
      expect(isAccountLinkUsable({ purpose: p, issuedAt: at, usedAt }, now)).toBe(false);
    },
  );

  test.prop([
    purpose,
    instant,
    fc.nat({ max: 3 * 24 * 3600_000 }),
    fc.nat({ max: 3 * 24 * 3600_000 }),
  ])(
    'is monotone: a link that works later worked at every earlier moment since its issue',
    (p, at, a, b) => {
      const [early, late] = a <= b ? [a, b] : [b, a];
      const link = { purpose: p, issuedAt: at, usedAt: null };
      if (isAccountLinkUsable(link, new Date(at.getTime() + late))) {
        expect(isAccountLinkUsable(link, new Date(at.getTime() + early))).toBe(true);
      }
    },
  );
});
