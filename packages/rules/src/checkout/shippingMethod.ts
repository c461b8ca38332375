import {
  SHIPPING_METHODS,
  type ShippingMethodName,
  type ShopShippingMethod,
} from './shippingMethods';

/**
 * The shipping method with a machine name, or `null` for a name the shop does not know (so a
 * name from a request can be looked up as it is).
 *
 * @example
 * shippingMethod('yu_packet').fee; // 320
 * shippingMethod('drone'); // null
 */
export function shippingMethod(typeName: ShippingMethodName): ShopShippingMethod;
export function shippingMethod(typeName: string): ShopShippingMethod | null;
export function shippingMethod(typeName: string): ShopShippingMethod | null {
  return SHIPPING_METHODS.find((method) => method.typeName === typeName) ?? null;
}
