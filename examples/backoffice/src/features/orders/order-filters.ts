import { isOrderState, PAYMENT_METHOD_NAMES } from '@shop/rules';
import { anyValue, isDay, type QueryShape, type UrlQuery } from '../../lib/url-query';

const isId = (value: string) => /^[1-9]\d{0,15}$/.test(value);

/**
 * The order list's filters as the page's URL carries them: the same names and values as the
 * API's query (GET /api/admin/orders/), in this order; unknown or malformed values are dropped.
 */
export const ORDER_FILTERS = {
  state: isOrderState,
  paymentMethod: (value: string) => (PAYMENT_METHOD_NAMES as readonly string[]).includes(value),
  overdue: (value: string) => value === '1',
  releaseFrom: isDay,
  releaseTo: isDay,
  placedFrom: isDay,
  placedTo: isDay,
  memberId: isId,
  orderNumber: isId,
  /** The keyset page: the previous answer's nextCursor. */
  cursor: anyValue,
} satisfies QueryShape<string>;

export type OrderFilters = UrlQuery<keyof typeof ORDER_FILTERS>;
