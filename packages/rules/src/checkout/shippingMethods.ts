import { formatYen } from '../calendar/formatYen';
import type { FeeTier, ShippingMethod } from '../schemas/shippingMethod';

/**
 * The machine names of the shipping methods, in the order checkout lists them.
 *
 * @example
 * SHIPPING_METHOD_NAMES; // ['home_delivery', 'yu_packet']
 */
export const SHIPPING_METHOD_NAMES = ['home_delivery', 'yu_packet'] as const;

/**
 * A shipping method's machine name: `'home_delivery'` (宅配便) or `'yu_packet'` (ゆうパケット).
 *
 * @example
 * const name: ShippingMethodName = 'yu_packet';
 */
export type ShippingMethodName = (typeof SHIPPING_METHOD_NAMES)[number];

/**
 * The most one parcel of a method may hold: total thickness in millimetres and weight in grams
 * (ゆうパケット: 3 cm and 1 kg, as Japan Post sets them). `null` for a method without a limit a
 * bookshop's order can reach (宅配便).
 *
 * @example
 * const limit: ParcelLimit = { thicknessMm: 30, weightG: 1000 };
 */
export interface ParcelLimit {
  readonly thicknessMm: number;
  readonly weightG: number;
}

/**
 * A shipping method of this shop: a `ShippingMethod` whose `typeName` is a known name, with
 * the size limit of its parcel (`parcelLimit`, read by `parcelFit`).
 *
 * @example
 * const method: ShopShippingMethod = shippingMethod('home_delivery');
 */
export type ShopShippingMethod = ShippingMethod & {
  typeName: ShippingMethodName;
  parcelLimit: ParcelLimit | null;
};

/** The goods subtotal from which 宅配便 ships free, written once for its tiers and notes. */
const HOME_DELIVERY_FREE_THRESHOLD = 5000;

/**
 * Tiers with the note shown beside each fee, worded from the tiers above it:
 * 「3,500円以上のご注文で送料246円、5,000円以上で送料無料」, none on the last.
 */
function withAttention(tiers: Omit<FeeTier, 'attention'>[]): FeeTier[] {
  return tiers.map((tier, index) => {
    const above = tiers.slice(index + 1).map(({ threshold, fee }, nth) => {
      const from = `${formatYen(threshold)}以上${nth === 0 ? 'のご注文' : ''}で`;
      return `${from}送料${fee === 0 ? '無料' : formatYen(fee)}`;
    });
    return { ...tier, attention: above.join('、') };
  });
}

/**
 * The shop's shipping methods with every field of the spec (sections 3 and 9).
 *
 * - 宅配便 (home_delivery): 510 yen up to a goods subtotal of 3,499 yen, 246 yen from 3,500,
 *   free from HOME_DELIVERY_FREE_THRESHOLD; overseas a flat 1,000 yen; delivery time slots can
 *   be chosen (`hasOption`). Each tier's attention note is worded from the tiers above it.
 * - ゆうパケット (yu_packet): a flat 320 yen, no tiers and no free threshold; the economical
 *   post-box method; domestic only (`canGlobalShipping: false`, so its `fee_for_global` of 0 is
 *   never charged).
 *
 * @example
 * SHIPPING_METHODS.map((m) => m.verboseName); // ['宅配便', 'ゆうパケット']
 */
export const SHIPPING_METHODS: readonly ShopShippingMethod[] = [
  {
    typeName: 'home_delivery',
    verboseName: '宅配便',
    fee: 510,
    fee_for_global: 1000,
    fee_tiers: withAttention([
      { threshold: 0, fee: 510 },
      { threshold: 3500, fee: 246 },
      { threshold: HOME_DELIVERY_FREE_THRESHOLD, fee: 0 },
    ]),
    isFreeThreshold: true,
    freeThreshold: HOME_DELIVERY_FREE_THRESHOLD,
    hasOption: true,
    hasEconomicalShipping: false,
    canGlobalShipping: true,
    parcelLimit: null,
  },
  {
    typeName: 'yu_packet',
    verboseName: 'ゆうパケット',
    fee: 320,
    fee_for_global: 0,
    fee_tiers: [],
    isFreeThreshold: false,
    freeThreshold: null,
    hasOption: false,
    hasEconomicalShipping: true,
    canGlobalShipping: false,
    parcelLimit: { thicknessMm: 30, weightG: 1000 },
  },
];
