import { type DateInput, toInstant } from '../_lib/jst';
import { isReleased } from '../calendar/isReleased';

/**
 * Every stock label, in the order `stockLabel` decides them.
 *
 * @example
 * STOCK_LABELS.includes(stockLabel({ in_stock: true }, new Date())); // true
 */
export const STOCK_LABELS = ['在庫なし', '予約受付中', '入荷待ち', '在庫あり'] as const;

/**
 * The stock label of a variation: 在庫なし, 予約受付中, 入荷待ち or 在庫あり.
 *
 * @example
 * const label: StockLabel = stockLabel({ in_stock: false }, new Date()); // '在庫なし'
 */
export type StockLabel = (typeof STOCK_LABELS)[number];

/**
 * What `stockLabel` reads: a variation's stock flag and its product's two dates.
 *
 * @example
 * const item: StockLabelInput = { in_stock: true, sell_start_date: '2026-12-01' };
 */
export interface StockLabelInput {
  in_stock: boolean;
  sell_start_date?: DateInput | null;
  expected_restock_date?: DateInput | null;
}

/**
 * The stock label of a variation (docs/spec.md §4), decided in this order: not in stock →
 * 在庫なし; sell start already arrived → 予約受付中; a future sell start or restock date →
 * 入荷待ち when both dates are set and the start is earlier than the restock date, otherwise
 * 予約受付中; no future dates → 在庫あり. A date-only date arrives at the start of its JST day.
 *
 * @example
 * const now = new Date('2026-11-01T00:00:00+09:00');
 * stockLabel({ in_stock: false }, now); // '在庫なし'
 * stockLabel({ in_stock: true, sell_start_date: '2026-12-01' }, now); // '予約受付中'
 * stockLabel(
 *   { in_stock: true, sell_start_date: '2026-12-01', expected_restock_date: '2026-12-10' },
 *   now,
 * ); // '入荷待ち'
 * stockLabel({ in_stock: true, sell_start_date: null }, now); // '在庫あり'
 */
export function stockLabel(item: StockLabelInput, now: Date): StockLabel {
  if (!item.in_stock) return '在庫なし';
  const start = item.sell_start_date ?? null;
  const restock = item.expected_restock_date ?? null;
  if (start !== null && isReleased(start, now)) return '予約受付中';
  const restockAhead = restock !== null && !isReleased(restock, now);
  if (start === null && !restockAhead) return '在庫あり';
  const startsBeforeRestock =
    start !== null && restock !== null && toInstant(start).getTime() < toInstant(restock).getTime();
  return startsBeforeRestock ? '入荷待ち' : '予約受付中';
}
