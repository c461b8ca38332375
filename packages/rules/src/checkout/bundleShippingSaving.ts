import type { ShippingMethod } from '../schemas/shippingMethod';
import type { BundleFailureReason } from './checkoutFailures';
import { shippingFee } from './shippingFee';
import type { ShippingMethodName } from './shippingMethods';

/**
 * The shipping of a bundle compared with shipping its orders one by one, in integer yen.
 *
 * @example
 * const result: BundleShippingResult = bundleShippingSaving([{ subtotal: 800 }], 'yu_packet');
 */
export type BundleShippingResult =
  | {
      ok: true;
      /** The goods subtotals of all the orders together. */
      combinedSubtotal: number;
      /** What the orders' shipping costs when each ships on its own. */
      separateShippingFee: number;
      /** What the bundle's one shipment costs, on the combined subtotal. */
      bundledShippingFee: number;
      /** separateShippingFee − bundledShippingFee; never negative. */
      saving: number;
    }
  | { ok: false; reason: BundleFailureReason };

/**
 * Shipping for a bundle (おまとめ配送): charged once, on the combined goods subtotal of its
 * orders (so the free threshold can be reached), compared with each order shipping on its own.
 * A bundle of no orders fails with `empty_bundle`. Throws a TypeError for a subtotal that is not
 * a non-negative integer (a programmer error).
 *
 * @example
 * bundleShippingSaving([{ subtotal: 2000 }, { subtotal: 3200 }], 'home_delivery');
 * // { ok: true, combinedSubtotal: 5200, separateShippingFee: 1020,
 * //   bundledShippingFee: 0, saving: 1020 }
 */
export function bundleShippingSaving(
  orders: readonly { subtotal: number }[],
  shipping: ShippingMethod | ShippingMethodName,
  { global = false }: { global?: boolean } = {},
): BundleShippingResult {
  if (orders.length === 0) return { ok: false, reason: 'empty_bundle' };
  let combinedSubtotal = 0;
  let separateShippingFee = 0;
  for (const order of orders) {
    const fee = shippingFee(shipping, order.subtotal, { global });
    if (!fee.ok) return fee;
    combinedSubtotal += order.subtotal;
    separateShippingFee += fee.fee;
  }
  const bundled = shippingFee(shipping, combinedSubtotal, { global });
  if (!bundled.ok) return bundled;
  return {
    ok: true,
    combinedSubtotal,
    separateShippingFee,
    bundledShippingFee: bundled.fee,
    saving: separateShippingFee - bundled.fee,
  };
}
