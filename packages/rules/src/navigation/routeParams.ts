/**
 * The allowed values of the shop's route parameters, each with the Japanese label the spec
 * gives it (docs/spec.md §2). ROUTES validates parameters against these lists.
 */

/**
 * A route parameter value and its Japanese label.
 *
 * @example
 * const tab: LabelledValue<RankingType> = { value: 'daily', label: '毎日' };
 */
export interface LabelledValue<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/**
 * The ranking types of `/ranking/{type}`, in the order the ranking tabs show them.
 *
 * @example
 * RANKING_TYPES.find((t) => t.value === 'daily')?.label; // '毎日'
 */
export const RANKING_TYPES = [
  { value: 'reservation', label: '予約' },
  { value: 'daily', label: '毎日' },
  { value: 'weekly', label: '週間' },
  { value: 'monthly', label: '月間' },
  { value: 'yearly', label: '年間' },
] as const satisfies readonly LabelledValue[];

/**
 * A ranking type: `'reservation' | 'daily' | 'weekly' | 'monthly' | 'yearly'`.
 *
 * @example
 * const type: RankingType = 'weekly';
 * rankingWindow(type, now); // the last 7 complete JST days
 */
export type RankingType = (typeof RANKING_TYPES)[number]['value'];

/**
 * The release-list terms of `/productlist/sale/{term}`.
 *
 * @example
 * SALE_TERMS.map((t) => t.label); // ['日別リスト', '週別リスト', '月別リスト']
 */
export const SALE_TERMS = [
  { value: 'day', label: '日別リスト' },
  { value: 'week', label: '週別リスト' },
  { value: 'month', label: '月別リスト' },
] as const satisfies readonly LabelledValue[];

/**
 * A release-list term: `'day' | 'week' | 'month'`.
 *
 * @example
 * const term: SaleTerm = 'week';
 * saleWindow(term, '2026-11-20'); // { from: '2026-11-16', to: '2026-11-22' }
 */
export type SaleTerm = (typeof SALE_TERMS)[number]['value'];

/**
 * The product lists with their headings. `add`, `delay` and `limited` are the values of
 * `/productlist/{type}`; `benefit` is the separate route `/productlist/benefit` (docs/spec.md lists it
 * on its own line), so `/productlist/{type}` accepts only `add`, `delay` and `limited`.
 * `limited` (限定版リスト) holds the 限定版 and 特装版 titles, whether the edition is the product
 * or one of its variations.
 *
 * @example
 * PRODUCT_LIST_TYPES.find((t) => t.value === 'delay')?.label; // '発売延期リスト'
 */
export const PRODUCT_LIST_TYPES = [
  { value: 'add', label: '商品情報追加リスト' },
  { value: 'delay', label: '発売延期リスト' },
  { value: 'benefit', label: '購入特典リスト' },
  { value: 'limited', label: '限定版リスト' },
] as const satisfies readonly LabelledValue[];

/**
 * A product list: `'add' | 'delay' | 'benefit' | 'limited'`.
 *
 * @example
 * const type: ProductListType = 'benefit';
 * PRODUCT_LIST_TYPES.find((t) => t.value === type)?.label; // '購入特典リスト'
 */
export type ProductListType = (typeof PRODUCT_LIST_TYPES)[number]['value'];

/**
 * The favourite tabs of `/mypage/favorite/{contentType}`.
 *
 * @example
 * FAVORITE_CONTENT_TYPES.map((t) => t.label); // ['商品', 'シリーズ', '作者']
 */
export const FAVORITE_CONTENT_TYPES = [
  { value: 'product', label: '商品' },
  { value: 'intellectualproperty', label: 'シリーズ' },
  { value: 'author', label: '作者' },
] as const satisfies readonly LabelledValue[];

/**
 * A favourite tab: `'product' | 'intellectualproperty' | 'author'`.
 *
 * @example
 * const contentType: FavoriteContentType = 'author';
 * routePath('favoriteContent', { contentType }); // '/mypage/favorite/author'
 */
export type FavoriteContentType = (typeof FAVORITE_CONTENT_TYPES)[number]['value'];
