import { BROWSABLE_GENRES } from '../search/genres';
import { fillPattern, type RouteParamSpec, type RouteParamSpecs } from './_lib/routePattern';
import {
  FAVORITE_CONTENT_TYPES,
  type LabelledValue,
  PRODUCT_LIST_TYPES,
  RANKING_TYPES,
  SALE_TERMS,
} from './routeParams';

export type { RouteParamSpec, RouteParamSpecs } from './_lib/routePattern';

/**
 * The page layouts of docs/spec.md §2. `error` is used by the error screen, not by a route.
 *
 * @example
 * const layout: Layout = ROUTES.cart.layout; // 'no-header'
 */
export type Layout = 'default' | 'error' | 'fakemodal' | 'no-header';

/**
 * The value type of one parameter: the union of an enum's values, or `string` for a slug or an id.
 *
 * @example
 * type Term = RouteParamValue<typeof ROUTES.saleList.params.term>; // 'day' | 'week' | 'month'
 * type Slug = RouteParamValue<typeof ROUTES.product.params.slug>; // string
 */
export type RouteParamValue<S extends RouteParamSpec> = S extends {
  readonly kind: 'enum';
  readonly values: readonly (infer E)[];
}
  ? E extends { readonly value: infer V }
    ? V
    : never
  : string;

/**
 * The parameters object a route's `path` takes and `matchRoute` returns.
 *
 * @example
 * const params: RouteParamsOf<typeof ROUTES.ranking.params> = { type: 'daily' };
 * ROUTES.ranking.path(params); // '/ranking/daily'
 */
export type RouteParamsOf<P extends RouteParamSpecs> = {
  readonly [K in keyof P]: RouteParamValue<P[K]>;
};

/**
 * One storefront route.
 *
 * @example
 * const route: Route = ROUTES.orderHistory;
 * route.pattern; // '/mypage/order-history'
 * route.member; // true
 */
export interface Route<Id extends string = string, P extends RouteParamSpecs = RouteParamSpecs> {
  /** Stable English id, also the key in ROUTES. */
  readonly id: Id;
  /** Path pattern with `:name` parameters, e.g. `/ranking/:type`. */
  readonly pattern: string;
  /** Japanese page name for titles and breadcrumbs (data pages put their own title first). */
  readonly title: string;
  readonly layout: Exclude<Layout, 'error'>;
  /** True for account pages: a guest is asked to log in. */
  readonly member: boolean;
  /** True for the developer pages, which production serves as 404. */
  readonly devOnly: boolean;
  readonly params: P;
  /** Builds the route's href; throws a TypeError for a parameter value it does not allow. */
  readonly path: keyof P extends never ? () => string : (params: RouteParamsOf<P>) => string;
}

type NoParams = Readonly<Record<never, never>>;

interface RouteOptions<P extends RouteParamSpecs> {
  readonly layout?: Exclude<Layout, 'error'>;
  readonly member?: boolean;
  readonly devOnly?: boolean;
  readonly params?: P;
}

function route<const Id extends string, const P extends RouteParamSpecs = NoParams>(
  id: Id,
  pattern: string,
  title: string,
  options: RouteOptions<P> = {},
): Route<Id, P> {
  const params = options.params ?? ({} as P);
  const path = (values?: Readonly<Record<string, string>>) =>
    fillPattern(pattern, params, values ?? {});
  return {
    id,
    pattern,
    title,
    layout: options.layout ?? 'default',
    member: options.member ?? false,
    devOnly: options.devOnly ?? false,
    params,
    path: path as Route<Id, P>['path'],
  };
}

const oneOf = <const V extends readonly LabelledValue[]>(values: V) =>
  ({ kind: 'enum', values }) as const;
const slug = { kind: 'slug', reserved: [] } as const;
const numericId = { kind: 'id' } as const;
const member = { member: true } as const;

/**
 * Every route of docs/spec.md §2, keyed by id: its pattern, Japanese title, layout, the allowed
 * values of its parameters, whether it needs a member, and a typed `path` builder. This is the
 * storefront's one `paths` map. Routes are listed so that no path matches two of them.
 *
 * @example
 * ROUTES.ranking.path({ type: 'daily' }); // '/ranking/daily'
 * ROUTES.cart.layout; // 'no-header'
 * ROUTES.orderHistory.member; // true
 */
export const ROUTES = {
  top: route('top', '/', 'トップ'),
  renewal: route('renewal', '/renewal', 'リニューアルのお知らせ'),
  cart: route('cart', '/cart', 'カート', { layout: 'no-header' }),
  checkout: route('checkout', '/checkout', 'ご注文手続き', { layout: 'no-header', member: true }),
  checkoutComplete: route('checkoutComplete', '/checkout/complete', 'ご注文完了', {
    layout: 'no-header',
    member: true,
  }),
  comic: route('comic', '/comic', 'コミック'),
  news: route('news', '/news/:slug', 'お知らせ', { params: { slug } }),
  contact: route('contact', '/contact', 'お問い合わせ'),
  contactSent: route('contactSent', '/contact/sent', 'お問い合わせ送信完了'),
  faq: route('faq', '/lp/faq', 'よくあるご質問'),
  legal: route('legal', '/lp/legal', '特定商取引法に基づく表記'),
  terms: route('terms', '/lp/terms', '利用規約'),
  information: route('information', '/lp/information', 'ご利用ガイド'),
  informationBundle: route('informationBundle', '/lp/information/bundle', 'おまとめ配送について'),
  mypage: route('mypage', '/mypage', 'マイページ', member),
  favorite: route('favorite', '/mypage/favorite', 'お気に入り', member),
  favoriteContent: route('favoriteContent', '/mypage/favorite/:contentType', 'お気に入り', {
    member: true,
    params: { contentType: oneOf(FAVORITE_CONTENT_TYPES) },
  }),
  takeover: route('takeover', '/mypage/takeover', 'アカウント引き継ぎ', member),
  takeoverOrderHistory: route(
    'takeoverOrderHistory',
    '/mypage/takeover/order-history',
    '引き継ぎ注文履歴',
    member,
  ),
  withdrawal: route('withdrawal', '/mypage/withdrawal', '退会手続き', member),
  // Withdrawal ends the session, so its confirmation page must open for a guest.
  withdrawalDone: route('withdrawalDone', '/mypage/withdrawal/done', '退会完了'),
  orderHistory: route('orderHistory', '/mypage/order-history', '注文履歴', member),
  notices: route('notices', '/mypage/notices', 'お知らせ一覧', member),
  // The account links of docs/account-mail.md open from a mail, signed in or not.
  passwordReset: route('passwordReset', '/password-reset', 'パスワード再設定'),
  passwordResetConfirm: route(
    'passwordResetConfirm',
    '/password-reset/confirm',
    '新しいパスワードの設定',
  ),
  emailChangeConfirm: route(
    'emailChangeConfirm',
    '/email-change/confirm',
    'メールアドレス変更の確認',
  ),
  unsubscribe: route('unsubscribe', '/unsubscribe', 'メール配信停止'),
  // Opened from a 発売延期のお知らせ: its signed link is the proof, so no login is asked.
  reservationCancel: route('reservationCancel', '/mypage/order-history/cancel', '予約のキャンセル'),
  shippingAddress: route('shippingAddress', '/mypage/shipping-address', '配送先住所', member),
  bundle: route('bundle', '/mypage/bundle/:id', 'おまとめ配送', {
    member: true,
    params: { id: numericId },
  }),
  bundleConfirm: route('bundleConfirm', '/mypage/bundle/confirm', 'おまとめ配送の確認', member),
  bundleComplete: route('bundleComplete', '/mypage/bundle/complete', 'おまとめ配送完了', member),
  search: route('search', '/search', '検索結果'),
  gallery: route('gallery', '/gallery', 'サイン本ギャラリー'),
  galleryDetail: route('galleryDetail', '/gallery/:slug', 'サイン本ギャラリー', {
    params: { slug },
  }),
  product: route('product', '/product/:slug', '商品詳細', { params: { slug } }),
  categories: route('categories', '/category', 'カテゴリ一覧'),
  genres: route('genres', '/genre', 'ジャンル一覧'),
  genre: route('genre', '/genre/:genre', 'ジャンル', {
    params: { genre: oneOf(BROWSABLE_GENRES) },
  }),
  series: route('series', '/series/:slug', 'シリーズ', { params: { slug } }),
  author: route('author', '/author/:slug', '作者', { params: { slug } }),
  ranking: route('ranking', '/ranking/:type', 'ランキング', {
    params: { type: oneOf(RANKING_TYPES) },
  }),
  showcase: route('showcase', '/showcase', '特集'),
  showcaseDetail: route('showcaseDetail', '/showcase/:slug', '特集', { params: { slug } }),
  saleList: route('saleList', '/productlist/sale/:term', '発売リスト', {
    params: { term: oneOf(SALE_TERMS) },
  }),
  productList: route('productList', '/productlist/:type', '商品リスト', {
    params: { type: oneOf([PRODUCT_LIST_TYPES[0], PRODUCT_LIST_TYPES[1], PRODUCT_LIST_TYPES[3]]) },
  }),
  benefitList: route('benefitList', '/productlist/benefit', '購入特典リスト'),
  creditCard: route('creditCard', '/common/credit-card', 'クレジットカード', {
    layout: 'fakemodal',
    member: true,
  }),
  userShippingAddress: route('userShippingAddress', '/common/user-shipping-address', '配送先住所', {
    layout: 'fakemodal',
    member: true,
  }),
  temporaryRenewal: route('temporaryRenewal', '/home/temporary/renewal', 'リニューアルのお知らせ'),
  dev: route('dev', '/dev', '開発者ページ', { devOnly: true }),
  devProxy: route('devProxy', '/dev/proxy', '開発者ページ: プロキシ', { devOnly: true }),
  devProcess: route('devProcess', '/dev/process', '開発者ページ: プロセス', { devOnly: true }),
  devSnackbar: route('devSnackbar', '/dev/snackbar', '開発者ページ: スナックバー', {
    devOnly: true,
  }),
} as const;

/**
 * The id of a route: `'top' | 'ranking' | ...`.
 *
 * @example
 * const id: RouteId = 'ranking';
 * routePath(id, { type: 'weekly' }); // '/ranking/weekly'
 */
export type RouteId = keyof typeof ROUTES;

/**
 * The parameters of route `Id`, e.g. `{ type: RankingType }` for `'ranking'`.
 *
 * @example
 * const params: RouteParams<'saleList'> = { term: 'month' };
 * routePath('saleList', params); // '/productlist/sale/month'
 */
export type RouteParams<Id extends RouteId> = RouteParamsOf<(typeof ROUTES)[Id]['params']>;

/**
 * A matched path: the route, its parameters and the canonical path; a union with one member per
 * route (TypeScript does not narrow it by the nested `route.id`: after checking the id, read the
 * parameters as `RouteParams<Id>`).
 *
 * @example
 * const match: RouteMatch | null = matchRoute('/ranking/daily/');
 * match?.route.id; // 'ranking'
 * match?.params; // { type: 'daily' }
 * match?.path; // '/ranking/daily'
 */
export type RouteMatch = {
  [Id in RouteId]: {
    readonly route: (typeof ROUTES)[Id];
    readonly params: RouteParams<Id>;
    /** The canonical path (no trailing slash, parameters re-encoded). */
    readonly path: string;
  };
}[RouteId];
