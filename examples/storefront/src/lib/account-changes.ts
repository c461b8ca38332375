import type { SavedCard, ShippingAddress } from '../types/account';

// The address book and the card wallet announce every change here, so a page that shows the
// same addresses or cards elsewhere on screen (checkout, under the dialog they were changed in)
// follows without a reload and without losing what the shopper typed.

export type AccountChange =
  | { kind: 'addresses'; addresses: ShippingAddress[]; added: ShippingAddress | null }
  | { kind: 'cards'; cards: SavedCard[]; added: SavedCard | null };

type Listener = (change: AccountChange) => void;

const listeners = new Set<Listener>();

/** Tells every listener the member's addresses or cards as they are now. */
export function publishAccountChange(change: AccountChange): void {
  for (const listener of listeners) listener(change);
}

/** Listens for changes; answers the function that stops listening. */
export function subscribeAccountChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
