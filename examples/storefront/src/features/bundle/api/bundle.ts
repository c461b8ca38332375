import type { ApiClient } from '../../../lib/api-client';
import { browserApi } from '../../../lib/browser-api';
import type { BundleCandidates, BundlePreview, BundleView } from '../../../types/account';

/** POST /api/reserveshop/bundle/preview/: the shipping saved by bundling these orders. */
export const previewBundle = (orderIds: number[]) =>
  browserApi.request<BundlePreview>('POST', '/api/reserveshop/bundle/preview/', { orderIds });

/** POST /api/reserveshop/bundle/ with an Idempotency-Key: a retry replays the same bundle. */
export const confirmBundle = (orderIds: number[], key: string) =>
  browserApi.request<BundleView>(
    'POST',
    '/api/reserveshop/bundle/',
    { orderIds },
    { 'idempotency-key': key },
  );

const SELECTION_KEY = 'shop.bundle.selection';

/** The orders chosen on /mypage/bundle/{id}, with the key their confirm will carry. */
export interface BundleSelection {
  orderIds: number[];
  key: string;
}

export function rememberSelection(orderIds: number[]): void {
  const selection: BundleSelection = { orderIds, key: crypto.randomUUID() };
  sessionStorage.setItem(SELECTION_KEY, JSON.stringify(selection));
}

export function readSelection(): BundleSelection | null {
  try {
    const raw = sessionStorage.getItem(SELECTION_KEY);
    return raw ? (JSON.parse(raw) as BundleSelection) : null;
  } catch {
    return null;
  }
}

export function forgetSelection(): void {
  sessionStorage.removeItem(SELECTION_KEY);
}

/** GET /api/reserveshop/bundle/ for a page loader (`orderId`: that order's group only). */
export const getBundleCandidates = (api: ApiClient, orderId?: string) =>
  api.get<BundleCandidates>('/api/reserveshop/bundle/', orderId ? { orderId } : undefined);

/** The member's orders that can ship together, by group (same destination and method). */
export const getBundleGroups = async (api: ApiClient) =>
  (await getBundleCandidates(api)).groups.map((g) => g.orderIds);
