import { browserApi } from '../../../lib/browser-api';
import type { OrderView } from '../../../types/account';

/** POST /api/orders/{id}/cancel/: stock, benefits and points spent come back. */
export const cancelOrder = (id: number) =>
  browserApi.request<OrderView>('POST', `/api/orders/${id}/cancel/`);
