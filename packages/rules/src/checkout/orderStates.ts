/**
 * The states of an order (docs/spec.md §10 "Orders"), in the order an order moves through them:
 * 予約中 → 入金待ち → 発送準備中 → 発送済み, with キャンセル and おまとめ済み as the two ways out.
 * The values are what the API and the database carry.
 *
 * @example
 * ORDER_STATES[0]; // 'reserved'
 * ORDER_STATES.includes('shipped'); // true
 */
export const ORDER_STATES = [
  'reserved',
  'awaiting_payment',
  'preparing',
  'shipped',
  'cancelled',
  'bundled',
] as const;

/**
 * An order state value, e.g. `'reserved'`.
 *
 * @example
 * const state: OrderState = 'awaiting_payment'; // 入金待ち
 */
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * The Japanese label of each order state, as shoppers read it on my page and in order mails.
 *
 * @example
 * ORDER_STATE_LABELS.bundled; // 'おまとめ済み'
 */
export const ORDER_STATE_LABELS = {
  reserved: '予約中',
  awaiting_payment: '入金待ち',
  preparing: '発送準備中',
  shipped: '発送済み',
  cancelled: 'キャンセル',
  bundled: 'おまとめ済み',
} as const satisfies Record<OrderState, string>;

/**
 * The states from which a member may cancel an order themselves: before payment is settled for
 * shipping. Later states are cancelled only by the shop's operators.
 *
 * @example
 * MEMBER_CANCELLABLE_ORDER_STATES; // ['reserved', 'awaiting_payment']
 */
export const MEMBER_CANCELLABLE_ORDER_STATES = [
  'reserved',
  'awaiting_payment',
] as const satisfies readonly OrderState[];

/**
 * The Japanese label of an order state; `''` for a value that is not an order state (an older
 * or newer API), so a page never shows a machine value.
 *
 * @example
 * orderStateLabel('reserved'); // '予約中'
 * orderStateLabel('preparing'); // '発送準備中'
 * orderStateLabel('unknown'); // ''
 */
export function orderStateLabel(state: string): string {
  return isOrderState(state) ? ORDER_STATE_LABELS[state] : '';
}

/**
 * Whether a member may cancel an order in this state themselves (the API refuses the others).
 *
 * @example
 * isMemberCancellable('reserved'); // true
 * isMemberCancellable('preparing'); // false
 */
export function isMemberCancellable(state: string): boolean {
  return (MEMBER_CANCELLABLE_ORDER_STATES as readonly string[]).includes(state);
}

/**
 * Whether a value is one of ORDER_STATES.
 *
 * @example
 * isOrderState('shipped'); // true
 * isOrderState('SHIPPED'); // false
 */
export function isOrderState(value: string): value is OrderState {
  return (ORDER_STATES as readonly string[]).includes(value);
}
