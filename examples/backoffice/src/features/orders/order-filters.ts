import { isOrderState, type OrderState, PAYMENT_METHOD_NAMES } from '@shop/rules';

/**
 * The order list's filters as the page's URL carries them: the same names and values as the
 * API's query (GET /api/admin/orders/), so a filtered list is a link one can share or reload, and
 * the API query is the URL's. Unknown or empty values are dropped.
 */
export interface OrderFilters {
  state?: OrderState;
  paymentMethod?: string;
  overdue?: '1';
  releaseFrom?: string;
  releaseTo?: string;
  placedFrom?: string;
  placedTo?: string;
  memberId?: string;
  orderNumber?: string;
  /** The keyset page: the previous answer's nextCursor. */
  cursor?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,15}$/;

/** The filters a URL search string carries. */
export function readFilters(search: string): OrderFilters {
  const params = new URLSearchParams(search);
  const filters: OrderFilters = {};
  const state = params.get('state');
  if (state && isOrderState(state)) filters.state = state;
  const method = params.get('paymentMethod');
  if (method && (PAYMENT_METHOD_NAMES as readonly string[]).includes(method)) {
    filters.paymentMethod = method;
  }
  if (params.get('overdue') === '1') filters.overdue = '1';
  for (const key of ['releaseFrom', 'releaseTo', 'placedFrom', 'placedTo'] as const) {
    const value = params.get(key);
    if (value && DAY.test(value)) filters[key] = value;
  }
  for (const key of ['memberId', 'orderNumber'] as const) {
    const value = params.get(key)?.trim();
    if (value && ID.test(value)) filters[key] = value;
  }
  const cursor = params.get('cursor');
  if (cursor) filters.cursor = cursor;
  return filters;
}

/** The URL search string (without `?`) of some filters, in a fixed order. */
export function writeFilters(filters: OrderFilters): string {
  const params = new URLSearchParams();
  const keys = [
    'state',
    'paymentMethod',
    'overdue',
    'releaseFrom',
    'releaseTo',
    'placedFrom',
    'placedTo',
    'memberId',
    'orderNumber',
    'cursor',
  ] as const;
  for (const key of keys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}
