// The country list on its own: a page that only names an address's country (the address book,
// checkout) imports this module alone, not the overseas address validation (its own chunk).

/**
 * The countries the shop ships to by its overseas method (宅配便 abroad, `fee_for_global`): the
 * destinations Japan Post's EMS serves most for a bookshop's parcels, by ISO 3166-1 alpha-2 code
 * with the Japanese name a shopper picks from. Japan is not here: a Japanese address is an
 * `addressSchema` address with a prefecture.
 *
 * @example
 * OVERSEAS_COUNTRIES.find((c) => c.code === 'TW')?.name; // '台湾'
 */
export const OVERSEAS_COUNTRIES = [
  { code: 'US', name: 'アメリカ合衆国' },
  { code: 'CA', name: 'カナダ' },
  { code: 'GB', name: 'イギリス' },
  { code: 'FR', name: 'フランス' },
  { code: 'DE', name: 'ドイツ' },
  { code: 'IT', name: 'イタリア' },
  { code: 'ES', name: 'スペイン' },
  { code: 'TW', name: '台湾' },
  { code: 'HK', name: '香港' },
  { code: 'KR', name: '韓国' },
  { code: 'CN', name: '中国' },
  { code: 'SG', name: 'シンガポール' },
  { code: 'TH', name: 'タイ' },
  { code: 'AU', name: 'オーストラリア' },
  { code: 'NZ', name: 'ニュージーランド' },
] as const;

/**
 * The ISO 3166-1 alpha-2 code of a country in `OVERSEAS_COUNTRIES`.
 *
 * @example
 * const country: OverseasCountryCode = 'US';
 */
export type OverseasCountryCode = (typeof OVERSEAS_COUNTRIES)[number]['code'];
