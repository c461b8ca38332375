import { OVERSEAS_COUNTRIES } from '@shop/rules';
import type { ShippingAddress } from '../types/account';

/** The Japanese name of an overseas address's country (its code when the list lacks it). */
function countryName(code: string): string {
  return OVERSEAS_COUNTRIES.find((c) => c.code === code)?.name ?? code;
}

/**
 * An address on one line, as the address book and checkout show it: a Japanese one as a label
 * prints it, an overseas one as its Latin lines with the country's Japanese name.
 */
export function addressLine(a: ShippingAddress): string {
  if (a.country !== 'JP') {
    const parts = [a.line1, a.line2, a.city, a.region, a.postalCode].filter((p) => p !== '');
    return `${parts.join(', ')}（${countryName(a.country)}）`;
  }
  return `〒${a.postalCode} ${a.prefecture}${a.city}${a.street}${a.building ? ` ${a.building}` : ''}`;
}

/** Whom an address ships to: 「山田 太郎」 or 「Taro Yamada」. */
export function addressName(a: ShippingAddress): string {
  return a.country !== 'JP' ? a.fullName : `${a.lastName} ${a.firstName}`;
}
