import type { Category } from '../search/categories';
import type { ShippingUnavailableReason } from './checkoutFailures';
import { shippingMethod } from './shippingMethod';
import type { ShippingMethodName, ShopShippingMethod } from './shippingMethods';

/**
 * The thickness (mm) and weight (g) the shop reckons one item of a category takes in a parcel.
 * The catalog has no dimensions, so these are typical sizes, erring large: a comic or 文庫 (新書
 * / A6, ~15 mm, ~200 g), a light novel (B6, ~18 mm), a magazine (thin but heavy), an art book or
 * TRPG rulebook (A4, hard cover, ~20 mm and 700-900 g), a CD in its case (10 mm). 中古 says
 * nothing about size: an item takes the largest estimate of its categories.
 *
 * @example
 * PARCEL_ITEM_SIZES.コミック; // { thicknessMm: 15, weightG: 200 }
 */
export const PARCEL_ITEM_SIZES: Readonly<
  Record<Category, { readonly thicknessMm: number; readonly weightG: number }>
> = {
  コミック: { thicknessMm: 15, weightG: 200 },
  雑誌: { thicknessMm: 10, weightG: 450 },
  文庫: { thicknessMm: 15, weightG: 180 },
  ノベル: { thicknessMm: 18, weightG: 300 },
  書籍: { thicknessMm: 20, weightG: 400 },
  CD: { thicknessMm: 10, weightG: 120 },
  画集: { thicknessMm: 20, weightG: 900 },
  攻略本: { thicknessMm: 20, weightG: 600 },
  TRPG: { thicknessMm: 20, weightG: 700 },
  BL: { thicknessMm: 15, weightG: 200 },
  読本: { thicknessMm: 18, weightG: 400 },
  解説本: { thicknessMm: 18, weightG: 400 },
  中古: { thicknessMm: 0, weightG: 0 },
};

/** An item of an unknown category: as large as the largest. */
const UNKNOWN_SIZE = {
  thicknessMm: Math.max(...Object.values(PARCEL_ITEM_SIZES).map((s) => s.thicknessMm)),
  weightG: Math.max(...Object.values(PARCEL_ITEM_SIZES).map((s) => s.weightG)),
};

/**
 * Whether a shipment fits one parcel of a method: the estimated thickness and weight of its
 * items (`PARCEL_ITEM_SIZES`, summed by quantity) against the method's `parcelLimit`. The
 * estimate is returned either way, for a page to say how much it is.
 *
 * @example
 * parcelFit('yu_packet', [{ categories: ['コミック'], quantity: 2 }]);
 * // { ok: true, thicknessMm: 30, weightG: 400 }
 * parcelFit('yu_packet', [{ categories: ['画集'], quantity: 2 }]);
 * // { ok: false, reason: 'parcel_too_large', thicknessMm: 40, weightG: 1800 }
 * parcelFit('home_delivery', [{ categories: ['画集'], quantity: 30 }]).ok; // true
 */
export function parcelFit(
  method: ShopShippingMethod | ShippingMethodName,
  lines: readonly { readonly categories: readonly string[]; readonly quantity: number }[],
):
  | { ok: true; thicknessMm: number; weightG: number }
  | { ok: false; reason: ShippingUnavailableReason; thicknessMm: number; weightG: number } {
  const shipping = typeof method === 'string' ? shippingMethod(method) : method;
  let thicknessMm = 0;
  let weightG = 0;
  for (const line of lines) {
    const size = itemSize(line.categories);
    thicknessMm += size.thicknessMm * line.quantity;
    weightG += size.weightG * line.quantity;
  }
  const limit = shipping.parcelLimit;
  if (limit !== null && (thicknessMm > limit.thicknessMm || weightG > limit.weightG)) {
    return { ok: false, reason: 'parcel_too_large', thicknessMm, weightG };
  }
  return { ok: true, thicknessMm, weightG };
}

function itemSize(categories: readonly string[]) {
  const known = categories.filter((c): c is Category => Object.hasOwn(PARCEL_ITEM_SIZES, c));
  const sized = known.map((c) => PARCEL_ITEM_SIZES[c]).filter((s) => s.thicknessMm > 0);
  if (sized.length === 0) return UNKNOWN_SIZE;
  return {
    thicknessMm: Math.max(...sized.map((s) => s.thicknessMm)),
    weightG: Math.max(...sized.map((s) => s.weightG)),
  };
}
