import { startTransition, useCallback, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-errors';
import type { AddedItem } from '../../../types/account';
import { addItemToCart } from '../api/cart';

/**
 * The add-to-cart / reserve action every buy button shares: POST /api/cart/, the header's cart
 * count, the cart modal on success and an error toast on failure. A second click while the
 * first is on its way does nothing (the ref; `busy` only shows it).
 */
export function useAddToCart(): {
  add: (variationId: number, item: AddedItem) => Promise<boolean>;
  busy: boolean;
} {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const add = useCallback(
    async (variationId: number, item: AddedItem) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      // The page that holds `busy` (the whole product page) renders it after the click's frame
      // is painted, not inside the click: add to cart's interaction to next paint
      // (docs/performance.md, "First-load JS per route").
      startTransition(() => setBusy(true));
      try {
        await addItemToCart(variationId, item);
        return true;
      } catch (error) {
        toast({
          tone: 'error',
          title: 'カートに追加できませんでした',
          description: errorMessage(error),
        });
        return false;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [toast],
  );
  return { add, busy };
}
