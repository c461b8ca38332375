/**
 * The carriers the shop ships with, by machine name (what the operator's ship action takes and an
 * order stores): their Japanese name, the tracking page of one parcel (`{number}` stands for its
 * tracking number) and how many digits their tracking numbers have.
 *
 * @example
 * CARRIERS.yamato.label; // 'ヤマト運輸'
 * CARRIERS.japan_post.digits; // [11, 12, 13]
 */
export const CARRIERS = {
  yamato: {
    label: 'ヤマト運輸',
    trackingUrl: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id={number}',
    digits: [12],
  },
  sagawa: {
    label: '佐川急便',
    trackingUrl: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={number}',
    digits: [10, 12],
  },
  japan_post: {
    label: '日本郵便',
    trackingUrl:
      'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1={number}&searchKind=S002&locale=ja',
    digits: [11, 12, 13],
  },
} as const satisfies Record<
  string,
  { label: string; trackingUrl: string; digits: readonly number[] }
>;

/**
 * The machine name of a carrier, e.g. `'yamato'`.
 *
 * @example
 * const carrier: CarrierName = 'sagawa'; // 佐川急便
 */
export type CarrierName = keyof typeof CARRIERS;

/**
 * Every carrier's machine name, in the order the operator's tools list them.
 *
 * @example
 * CARRIER_NAMES; // ['yamato', 'sagawa', 'japan_post']
 */
export const CARRIER_NAMES = Object.keys(CARRIERS) as CarrierName[];

/**
 * Whether a value is a carrier's machine name (a stored or requested value, read back).
 *
 * @example
 * isCarrier('yamato'); // true
 * isCarrier('toString'); // false
 */
export function isCarrier(value: string): value is CarrierName {
  return Object.hasOwn(CARRIERS, value);
}
