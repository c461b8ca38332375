import { useSyncExternalStore } from 'react';
import { browserApi } from '../../../lib/browser-api';
import { patchSession } from '../../../lib/session';
import type { AddedItem, Cart } from '../../../types/account';

export interface CartModalState {
  item: AddedItem;
  cart: Cart;
}

let modal: CartModalState | null = null;
const listeners = new Set<() => void>();

function emit(next: CartModalState | null): void {
  modal = next;
  for (const listener of listeners) listener();
}

export function closeCartModal(): void {
  emit(null);
}

export function useCartModal(): CartModalState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => modal,
    () => null,
  );
}

function counted(cart: Cart): Cart {
  patchSession({ cartCount: cart.count });
  return cart;
}

/** POST /api/cart/ (a guest cart works too), then the cart modal over the page. */
export async function addItemToCart(variationId: number, item: AddedItem): Promise<Cart> {
  const cart = counted(
    await browserApi.request<Cart>('POST', '/api/cart/', { variationId, quantity: item.quantity }),
  );
  emit({ item, cart });
  return cart;
}

/** PUT /api/cart/{variationId}/: sets a line's quantity. */
export async function setCartQuantity(variationId: number, quantity: number): Promise<Cart> {
  return counted(await browserApi.request<Cart>('PUT', `/api/cart/${variationId}/`, { quantity }));
}

/** DELETE /api/cart/{variationId}/. */
export async function removeCartLine(variationId: number): Promise<Cart> {
  return counted(await browserApi.request<Cart>('DELETE', `/api/cart/${variationId}/`));
}
