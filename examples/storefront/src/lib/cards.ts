import type { SavedCard } from '../types/account';
import { apiRequest } from './api-client';

export const listCards = () =>
  apiRequest<{ cards: SavedCard[] }>('GET', '/api/gmo-multipay/creditcard/').then((r) => r.cards);

/** Saves a card by its gateway token (never its number). */
export const saveCard = (token: string) =>
  apiRequest<{ card: SavedCard }>('POST', '/api/gmo-multipay/creditcard/', { token }).then(
    (r) => r.card,
  );

export const deleteCard = (id: number) =>
  apiRequest<void>('DELETE', `/api/gmo-multipay/creditcard/${id}/`);

/** 'YYMM' → 'MM/YY' as cards print it. */
export const formatExpire = (expire: string) => `${expire.slice(2)}/${expire.slice(0, 2)}`;
