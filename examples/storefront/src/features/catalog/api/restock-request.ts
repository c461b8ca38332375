import { browserApi } from '../../../lib/browser-api';

/** POST /api/restock-requests/: mail me once when this sold-out variation is back. */
export const requestRestock = (variationId: number) =>
  browserApi.request<{ variationId: number; requested: true }>('POST', '/api/restock-requests/', {
    variationId,
  });

/** DELETE /api/restock-requests/{variationId}/: no mail after all. */
export const cancelRestockRequest = (variationId: number) =>
  browserApi.request<undefined>('DELETE', `/api/restock-requests/${variationId}/`);
