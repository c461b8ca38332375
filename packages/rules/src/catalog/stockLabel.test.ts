import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  instantArb,
  isoWithOffset,
  nullableWireDateArb,
  utcOffsetArb,
} from '../../test/arbitraries';
import { STOCK_LABELS, stockLabel } from './stockLabel';

const now = new Date('2026-11-15T12:00:00+09:00');

describe('stockLabel', () => {
  test('"not in stock: 在庫なし", whatever the dates', () => {
    expect(stockLabel({ in_stock: false }, now)).toBe('在庫なし');
    expect(
      stockLabel(
        { in_stock: false, sell_start_date: '2026-12-01', expected_restock_date: '2026-12-10' },
        now,
      ),
    ).toBe('在庫なし');
  });
  test('"in stock and sell start date already past: 予約受付中"', () => {
    expect(stockLabel({ in_stock: true, sell_start_date: '2026-11-01' }, now)).toBe('予約受付中');
    expect(
      stockLabel(
        { in_stock: true, sell_start_date: '2026-11-01', expected_restock_date: '2026-12-10' },
        now,
      ),
    ).toBe('予約受付中');
  });
  test('a date-only sell start arrives at 00:00 JST of that day', () => {
    const day = {
      in_stock: true,
      sell_start_date: '2026-11-15',
      expected_restock_date: '2026-12-01',
    };
    expect(stockLabel(day, new Date('2026-11-14T14:59:59.999Z'))).toBe('入荷待ち');
    expect(stockLabel(day, new Date('2026-11-14T15:00:00Z'))).toBe('予約受付中');
  });
  test('"if the start is earlier than the restock date, 入荷待ち"', () => {
    expect(
      stockLabel(
        { in_stock: true, sell_start_date: '2026-12-01', expected_restock_date: '2026-12-10' },
        now,
      ),
    ).toBe('入荷待ち');
  });
  test('"otherwise 予約受付中": start equal to or after the restock date', () => {
    expect(
      stockLabel(
        { in_stock: true, sell_start_date: '2026-12-10', expected_restock_date: '2026-12-10' },
        now,
      ),
    ).toBe('予約受付中');
    expect(
      stockLabel(
        { in_stock: true, sell_start_date: '2026-12-20', expected_restock_date: '2026-12-10' },
        now,
      ),
    ).toBe('予約受付中');
  });
  test('a future date with the other one missing gives 予約受付中', () => {
    expect(stockLabel({ in_stock: true, sell_start_date: '2026-12-01' }, now)).toBe('予約受付中');
    expect(stockLabel({ in_stock: true, expected_restock_date: '2026-12-01' }, now)).toBe(
      '予約受付中',
    );
  });
  test('"in stock with no future dates: 在庫あり"', () => {
    expect(stockLabel({ in_stock: true }, now)).toBe('在庫あり');
    expect(
      stockLabel({ in_stock: true, sell_start_date: null, expected_restock_date: null }, now),
    ).toBe('在庫あり');
    expect(stockLabel({ in_stock: true, expected_restock_date: '2026-11-01' }, now)).toBe(
      '在庫あり',
    );
  });
  test('compares mixed date-only and date-time values as instants', () => {
    expect(
      stockLabel(
        {
          in_stock: true,
          sell_start_date: '2026-12-01',
          expected_restock_date: '2026-12-01T10:00:00+09:00',
        },
        now,
      ),
    ).toBe('入荷待ち');
  });
});

const stockArb = fc.record({
  in_stock: fc.boolean(),
  sell_start_date: nullableWireDateArb,
  expected_restock_date: nullableWireDateArb,
});

describe('properties', () => {
  test.prop([stockArb, instantArb])(
    'is total: always one of the four labels, and 在庫なし exactly when not in stock',
    (item, at) => {
      const label = stockLabel(item, at);
      expect(STOCK_LABELS).toContain(label);
      expect(label === '在庫なし').toBe(!item.in_stock);
    },
  );
  test.prop([instantArb, instantArb, fc.option(instantArb, { nil: null }), utcOffsetArb])(
    'is offset-invariant: the same instants written with another offset give the same label',
    (at, start, restock, offset) => {
      const asUtc = {
        in_stock: true,
        sell_start_date: start.toISOString(),
        expected_restock_date: restock?.toISOString() ?? null,
      };
      const asOffset = {
        in_stock: true,
        sell_start_date: isoWithOffset(start, offset),
        expected_restock_date: restock ? isoWithOffset(restock, offset) : null,
      };
      expect(stockLabel(asOffset, at)).toBe(stockLabel(asUtc, at));
    },
  );
  test.prop([instantArb, fc.option(instantArb, { nil: null })])(
    'is 入荷待ち only for a future start before a restock date',
    (start, restock) => {
      const at = new Date('2030-01-01T00:00:00Z');
      const label = stockLabel(
        { in_stock: true, sell_start_date: start, expected_restock_date: restock },
        at,
      );
      const expected =
        start > at
          ? restock !== null && start < restock
            ? '入荷待ち'
            : '予約受付中'
          : '予約受付中';
      expect(label).toBe(expected);
    },
  );
});
