import type { OrderState } from './orderStates';

/**
 * What an order's points are to its shopper: 獲得予定 until it ships (points are granted when
 * an order ships, docs/api.md `GET /api/points/`), 獲得済み once shipped, 取消 when cancelled (nothing is
 * granted). A bundled order ships with its bundle, so its points are still to come.
 *
 * @example
 * orderPointsLabel('reserved'); // '獲得予定'
 * orderPointsLabel('shipped'); // '獲得済み'
 * orderPointsLabel('cancelled'); // '取消'
 */
export function orderPointsLabel(state: OrderState): '獲得予定' | '獲得済み' | '取消' {
  switch (state) {
    case 'reserved':
    case 'awaiting_payment':
    case 'preparing':
    case 'bundled':
      return '獲得予定';
    case 'shipped':
      return '獲得済み';
    case 'cancelled':
      return '取消';
    default:
      return state satisfies never;
  }
}
