import type { ApiClient } from '../../../lib/api-client';
import { browserApi } from '../../../lib/browser-api';
import type { SavedCard } from '../../../types/account';

/** Saves a card by its gateway token (never its number). */
export const saveCard = (token: string) =>
  browserApi
    .request<{ card: SavedCard }>('POST', '/api/gmo-multipay/creditcard/', { token })
    .then((r) => r.card);

/** DELETE /api/gmo-multipay/creditcard/{id}/. */
export const deleteCard = (id: number) =>
  browserApi.request<void>('DELETE', `/api/gmo-multipay/creditcard/${id}/`);

/** GET /api/gmo-multipay/creditcard/ for a page loader: the member's saved cards. */
export const getCards = (api: ApiClient) =>
  api.get<{ cards: SavedCard[] }>('/api/gmo-multipay/creditcard/');
