import type { PointExpiry } from '@shop/rules';
import type { ApiClient, ApiQuery } from '../../../lib/api-client';
import { browserApi } from '../../../lib/browser-api';
import type { OrderView, PointEntry } from '../../../types/account';

/** POST /api/orders/{id}/cancel/: stock, benefits and points spent come back. */
export const cancelOrder = (id: number) =>
  browserApi.request<OrderView>('POST', `/api/orders/${id}/cancel/`);

/** A page of the member's orders as GET /api/orders/ answers it. */
export interface OrderPage {
  orders: OrderView[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/orders/ for a page loader (`state`, `page`). */
export const getOrders = (api: ApiClient, query?: ApiQuery) =>
  api.get<OrderPage>('/api/orders/', query);

/** GET /api/points/: the balance, when it expires, and its history. */
export interface PointsView {
  balance: number;
  /** The whole balance and the last day it can be used; null without points. */
  nextExpiry: PointExpiry | null;
  entries: PointEntry[];
}

/** GET /api/points/ for a page loader (401 for a guest). */
export const getPoints = (api: ApiClient) => api.get<PointsView>('/api/points/');
