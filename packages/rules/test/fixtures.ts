import { shippingMethod } from '../src/checkout/shippingMethod';

/**
 * A shipping method of the shop's own making, for rules that must read a method by its fields and
 * not by its name: 700 yen, 300 yen from `tierThreshold`, free from `freeThreshold`.
 */
export function customShippingMethod(tierThreshold: number, freeThreshold: number) {
  return {
    ...shippingMethod('home_delivery'),
    fee: 700,
    fee_tiers: [{ threshold: tierThreshold, fee: 300, attention: '' }],
    freeThreshold,
  };
}

/** `text` with every printable ASCII character (`!` to `~`) written full-width (`！` to `～`). */
export const toFullWidth = (text: string) =>
  text.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
