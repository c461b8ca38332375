import { isReleased } from '@shop/rules';
import type { ProductDetail } from '../../../types/api';

export type PurchaseKind = 'cart' | 'reserve' | 'none';

export interface PurchaseAction {
  kind: PurchaseKind;
  label: string;
}

type Variation = ProductDetail['variations'][number];

/**
 * What the button of a variation does, from its state rather than its stock label (the spec's
 * stockLabel reads 予約受付中 for an item whose sell start has passed): in stock and released →
 * buy; not released and reservable → reserve; anything else → nothing. Run by the page loader at
 * the request's moment, so the server HTML and the hydrated page show the same button.
 */
export function purchaseAction(
  product: Pick<ProductDetail, 'disabled' | 'sell_start_date'>,
  variation: Variation,
  now: Date,
): PurchaseAction {
  if (product.disabled) return { kind: 'none', label: '販売開始前' };
  if (!variation.in_stock) return { kind: 'none', label: '在庫なし' };
  // The variation's own date wins over the product's, as in the API's cart and checkout.
  const start = variation.sell_start_date ?? product.sell_start_date;
  const released = start === null || isReleased(start, now);
  if (released) return { kind: 'cart', label: 'カートに入れる' };
  if (variation.can_reserve) return { kind: 'reserve', label: '予約する' };
  return { kind: 'none', label: variation.stock_label };
}

/** The action of every version of a product, by variation id. */
export function purchaseActions(product: ProductDetail, now: Date): Record<number, PurchaseAction> {
  return Object.fromEntries(product.variations.map((v) => [v.id, purchaseAction(product, v, now)]));
}
