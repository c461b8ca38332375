import { apiRequest } from '../../../lib/api-client';
import type { OrderView } from '../../../types/account';

/** POST /api/orders/{id}/cancel/: stock, benefits and points spent come back. */
export const cancelOrder = (id: number) =>
  apiRequest<OrderView>('POST', `/api/orders/${id}/cancel/`);
