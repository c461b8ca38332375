import type { OrderView } from '../types/account';

/** The order states as PRODUCT.md names them for shoppers. */
export const ORDER_STATE_LABELS: Record<OrderView['state'], string> = {
  reserved: '予約中',
  awaiting_payment: '入金待ち',
  preparing: '発送準備中',
  shipped: '発送済み',
  cancelled: 'キャンセル',
  bundled: 'おまとめ済み',
};

/** States a member may cancel from (the API's rule; it refuses any other with 409). */
export const MEMBER_CANCELLABLE_STATES: readonly OrderView['state'][] = [
  'reserved',
  'awaiting_payment',
];
