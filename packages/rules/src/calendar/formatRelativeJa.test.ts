import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb, spanMsArb } from '../../test/arbitraries';
import { formatRelativeJa } from './formatRelativeJa';

const now = new Date('2026-12-01T12:00:00+09:00');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(now.getTime() + ms);

describe('formatRelativeJa', () => {
  test('「3分前」 and 「2日後」', () => {
    expect(formatRelativeJa(at(-3 * MINUTE), now)).toBe('3分前');
    expect(formatRelativeJa(at(2 * DAY), now)).toBe('2日後');
  });
  test('under a minute: 「たった今」 behind, 「まもなく」 ahead', () => {
    expect(formatRelativeJa(now, now)).toBe('たった今');
    expect(formatRelativeJa(at(-59_999), now)).toBe('たった今');
    expect(formatRelativeJa(at(59_999), now)).toBe('まもなく');
    expect(formatRelativeJa(at(-MINUTE), now)).toBe('1分前');
  });
  test('never approximates (no 「約」) and rounds down', () => {
    expect(formatRelativeJa(at(-45 * MINUTE), now)).toBe('45分前');
    expect(formatRelativeJa(at(-(2 * HOUR - 1)), now)).toBe('1時間前');
    expect(formatRelativeJa(at(-(DAY - 1)), now)).toBe('23時間前');
    expect(formatRelativeJa(at(-DAY), now)).toBe('1日前');
  });
  test('months from 30 days, years from 365 days', () => {
    expect(formatRelativeJa(at(-29 * DAY), now)).toBe('29日前');
    expect(formatRelativeJa(at(-30 * DAY), now)).toBe('1か月前');
    expect(formatRelativeJa(at(-364 * DAY), now)).toBe('11か月前');
    expect(formatRelativeJa(at(365 * DAY), now)).toBe('1年後');
    expect(formatRelativeJa(at(-800 * DAY), now)).toBe('2年前');
  });
  test('reads a date-only value as 00:00 JST', () => {
    expect(formatRelativeJa('2026-12-03', now)).toBe('1日後');
  });
});

const WORDING = /^(たった今|まもなく|[1-9]\d*(分|時間|日|か月|年)(前|後))$/;

describe('properties', () => {
  test.prop([instantArb, spanMsArb])(
    'speaks the house wording: たった今, まもなく or a whole count with 前/後, never 約',
    (base, span) => {
      const text = formatRelativeJa(new Date(base.getTime() + span), base);
      expect(text).toMatch(WORDING);
      if (span >= MINUTE) expect(text.endsWith('後')).toBe(true);
      if (span <= -MINUTE) expect(text.endsWith('前')).toBe(true);
    },
  );
  test.prop([instantArb, spanMsArb])(
    'is symmetric: swapping date and now keeps the count and swaps 前 and 後',
    (base, span) => {
      const other = new Date(base.getTime() + span);
      const forward = formatRelativeJa(other, base);
      const backward = formatRelativeJa(base, other);
      const swap: Record<string, string> = { 前: '後', 後: '前' };
      if (Math.abs(span) < MINUTE)
        expect(forward === 'たった今' || forward === 'まもなく').toBe(true);
      else expect(backward).toBe(forward.slice(0, -1) + swap[forward.slice(-1)]);
    },
  );
  test.prop([instantArb, spanMsArb])(
    'is host-TZ independent: minutes and hours are whole elapsed units',
    (base, span) => {
      const elapsed = Math.abs(span);
      const text = formatRelativeJa(new Date(base.getTime() + span), base);
      if (elapsed >= MINUTE && elapsed < HOUR) {
        expect(text.startsWith(`${Math.floor(elapsed / MINUTE)}分`)).toBe(true);
      }
      if (elapsed >= HOUR && elapsed < DAY) {
        expect(text.startsWith(`${Math.floor(elapsed / HOUR)}時間`)).toBe(true);
      }
      if (elapsed >= DAY && elapsed < 30 * DAY) {
        expect(text.startsWith(`${Math.floor(elapsed / DAY)}日`)).toBe(true);
      }
    },
  );
});
