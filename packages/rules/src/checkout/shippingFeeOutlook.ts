import type { ShippingMethod } from '../schemas/shippingMethod';
import { shippingFee } from './shippingFee';
import { shippingMethod } from './shippingMethod';
import type { ShippingMethodName } from './shippingMethods';

/**
 * The next cheaper shipping fee of a method above a subtotal: the smallest subtotal that gets it
 * (`threshold`), that fee, and how much more the shopper needs to buy (`shortfall`, > 0).
 *
 * @example
 * const next: NextShippingFee = { threshold: 5000, fee: 0, shortfall: 1200 }; // 送料無料まであと1,200円
 */
export interface NextShippingFee {
  readonly threshold: number;
  readonly fee: number;
  readonly shortfall: number;
}

/**
 * What a shopper should know about the domestic shipping of one shipment before checkout: its
 * fee by the method's tiers (computed by `shippingFee`, the function checkout charges with), the
 * `attention` note of the tier the subtotal falls in (the spec's tier notes, '' when none), and
 * the next cheaper fee with the amount still missing (`null` when no larger subtotal ships
 * cheaper: free already, or a flat fee such as ゆうパケット).
 *
 * @example
 * shippingFeeOutlook('home_delivery', 3800);
 * // { fee: 246, attention: '5,000円以上のご注文で送料無料',
 * //   next: { threshold: 5000, fee: 0, shortfall: 1200 } }
 * shippingFeeOutlook('yu_packet', 3800); // { fee: 320, attention: '', next: null }
 */
export function shippingFeeOutlook(
  method: ShippingMethod | ShippingMethodName,
  subtotal: number,
): { fee: number; attention: string; next: NextShippingFee | null } {
  const shipping = typeof method === 'string' ? shippingMethod(method) : method;
  const fee = domesticFee(shipping, subtotal);
  const tier = shipping.fee_tiers.filter((t) => t.threshold <= subtotal).at(-1);
  // Every subtotal where the fee can change: the tiers' thresholds and the free threshold.
  const steps = [
    ...shipping.fee_tiers.map((t) => t.threshold),
    ...(shipping.isFreeThreshold && shipping.freeThreshold !== null
      ? [shipping.freeThreshold]
      : []),
  ]
    .filter((threshold) => threshold > subtotal)
    .sort((a, b) => a - b);
  const threshold = steps.find((step) => domesticFee(shipping, step) < fee);
  return {
    fee,
    attention: tier?.attention ?? '',
    next:
      threshold === undefined
        ? null
        : { threshold, fee: domesticFee(shipping, threshold), shortfall: threshold - subtotal },
  };
}

function domesticFee(shipping: ShippingMethod, subtotal: number): number {
  const result = shippingFee(shipping, subtotal);
  // A domestic fee is always known: only the overseas question can be refused.
  if (!result.ok) throw new TypeError(`No domestic fee: ${result.reason}`);
  return result.fee;
}
