import { assert, NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';
import type { ShippingMethod } from '../schemas/shippingMethod';
import type { ShippingUnavailableReason } from './checkoutFailures';
import { shippingMethod } from './shippingMethod';
import type { ShippingMethodName } from './shippingMethods';

/**
 * The shipping fee of a shipment, or why the method cannot ship it.
 *
 * @example
 * const result: ShippingFeeResult = shippingFee('home_delivery', 4000); // { ok: true, fee: 246 }
 */
export type ShippingFeeResult =
  | { ok: true; fee: number }
  | { ok: false; reason: ShippingUnavailableReason };

/**
 * The shipping fee in yen for a goods subtotal (tax included, before points and fees).
 * Domestic: the fee of the highest tier whose `threshold` the subtotal reaches (the method's
 * `fee` below every tier, or with no tiers), and 0 from `freeThreshold` when `isFreeThreshold`.
 * Overseas: the flat `fee_for_global` (tiers and the free threshold are domestic offers), or
 * `shipping_not_available_overseas` for a method that cannot ship abroad (ゆうパケット).
 * Throws a TypeError for a subtotal that is not a non-negative integer (a programmer error).
 *
 * @example
 * shippingFee('home_delivery', 3499); // { ok: true, fee: 510 }
 * shippingFee('home_delivery', 3500); // { ok: true, fee: 246 }
 * shippingFee('home_delivery', 5000); // { ok: true, fee: 0 }
 * shippingFee('home_delivery', 8000, { global: true }); // { ok: true, fee: 1000 }
 * shippingFee('yu_packet', 8000); // { ok: true, fee: 320 }
 * shippingFee('yu_packet', 800, { global: true });
 * // { ok: false, reason: 'shipping_not_available_overseas' }
 */
export function shippingFee(
  method: ShippingMethod | ShippingMethodName,
  subtotal: number,
  { global = false }: { global?: boolean } = {},
): ShippingFeeResult {
  assert(Number.isSafeInteger(subtotal) && subtotal >= 0, NON_INTEGER_YEN_MESSAGE);
  const shipping = typeof method === 'string' ? shippingMethod(method) : method;
  if (global) {
    if (!shipping.canGlobalShipping)
      return { ok: false, reason: 'shipping_not_available_overseas' };
    return { ok: true, fee: shipping.fee_for_global };
  }
  if (shipping.isFreeThreshold && shipping.freeThreshold !== null) {
    if (subtotal >= shipping.freeThreshold) return { ok: true, fee: 0 };
  }
  let fee = shipping.fee;
  for (const tier of shipping.fee_tiers) if (subtotal >= tier.threshold) fee = tier.fee;
  return { ok: true, fee };
}
