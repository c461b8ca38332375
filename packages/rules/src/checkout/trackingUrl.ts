import { CARRIERS, type CarrierName } from './carriers';
import { normalizeTrackingNumber } from './normalizeTrackingNumber';

/**
 * The carrier's tracking page of one parcel, or `null` when the number is not one of that
 * carrier's (`normalizeTrackingNumber`), so a page never links to a search that cannot succeed.
 *
 * @example
 * trackingUrl('sagawa', '123456789012');
 * // 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012'
 * trackingUrl('sagawa', 'abc'); // null
 */
export function trackingUrl(carrier: CarrierName, trackingNumber: string): string | null {
  const number = normalizeTrackingNumber(carrier, trackingNumber);
  return number === null ? null : CARRIERS[carrier].trackingUrl.replace('{number}', number);
}
