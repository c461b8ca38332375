import { CARRIERS, type CarrierName } from './carriers';

/**
 * A tracking number as the carrier's tracking page takes it (ASCII digits only), from what the
 * operator typed or pasted: hyphens, spaces and full-width digits (１２３４-５６７８) are read as
 * the slip prints them. `null` when what remains is not a number of that carrier's length.
 *
 * @example
 * normalizeTrackingNumber('yamato', '1234-5678-9012'); // '123456789012'
 * normalizeTrackingNumber('yamato', '１２３４５６７８９０１２'); // '123456789012'
 * normalizeTrackingNumber('yamato', '12345'); // null
 */
export function normalizeTrackingNumber(carrier: CarrierName, input: string): string | null {
  const digits = input
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\-‐－ー−]/g, '');
  if (!/^[0-9]+$/.test(digits)) return null;
  return (CARRIERS[carrier].digits as readonly number[]).includes(digits.length) ? digits : null;
}
