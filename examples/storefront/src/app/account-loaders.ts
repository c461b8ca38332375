import { type FavoriteContentType, ROUTES } from '@shop/rules';
import type { MemberData } from '../features/auth/components/member-gate';
import { paymentRules } from '../features/checkout/api/payment-rules';
import { ApiError } from '../lib/api-client';
import type {
  BundleCandidates,
  BundleView,
  Cart,
  FavoriteView,
  LegacyOrderView,
  OrderView,
  PointEntry,
  SavedCard,
  SessionSummary,
  ShippingAddress,
  TakeoverStatus,
  WithdrawalCheck,
} from '../types/account';
import { type LoaderContext, type PageLoader, type PageLoaders, pageParam } from './page-loaders';

type Load<T> = (context: LoaderContext) => Promise<T>;

/**
 * The loader of a member-only page: its data through the in-process API with the shopper's
 * cookie; a guest's 401 makes the page ask for a login instead of an error screen.
 */
function memberPage<T extends object>(
  title: string,
  description: string,
  load: Load<T>,
): PageLoader<MemberData<T>> {
  return async (context) => {
    const head = { title, description, ogType: 'website' as const, noindex: true };
    try {
      return { data: { guest: false, ...(await load(context)) }, head };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { data: { guest: true }, head };
      throw error;
    }
  };
}

type Orders = { orders: OrderView[]; total: number; page: number; pageSize: number };
type Points = { balance: number; entries: PointEntry[] };

const session = (c: LoaderContext) => c.api.get<SessionSummary>('/api/session/');
const addresses = (c: LoaderContext) =>
  c.api.get<{ addresses: ShippingAddress[] }>('/api/addressbook/');
const cards = (c: LoaderContext) =>
  c.api.get<{ cards: SavedCard[] }>('/api/gmo-multipay/creditcard/');
/** One page of the member's favourites of a kind (`?page=`), with the page size the API uses. */
async function favorites(c: LoaderContext, contentType: FavoriteContentType) {
  const list = await c.api.get<{
    total: number;
    page: number;
    pageSize: number;
    items: FavoriteView[];
  }>(`/api/favorites/${contentType}/`, { page: String(pageParam(c.search)) });
  return { contentType, ...list };
}

/** The member's orders that can ship together, by group (same destination and method). */
const bundleGroups = async (c: LoaderContext) =>
  (await c.api.get<BundleCandidates>('/api/reserveshop/bundle/')).groups.map((g) => g.orderIds);

/** The loaders of the cart, checkout and account routes (issue 6). */
export const ACCOUNT_LOADERS: PageLoaders = {
  // A guest has a cart too: the page is rendered with the session's cart, not behind a login.
  cart: async (c) => ({
    data: {
      cart: await c.api.get<Cart>('/api/cart/'),
      // What ships now and what waits for its release day, as of this request.
      now: c.now.toISOString(),
    },
    head: {
      title: ROUTES.cart.title,
      description: 'カートの商品',
      ogType: 'website',
      noindex: true,
    },
  }),
  checkout: memberPage(ROUTES.checkout.title, 'ご注文手続き', async (c) => ({
    ...(await addresses(c)),
    ...(await cards(c)),
    // An empty cart has nothing to quote: the page says so instead of asking the API.
    cartCount: (await c.api.get<Cart>('/api/cart/')).count,
    paymentRules: paymentRules(),
  })),
  checkoutComplete: memberPage(ROUTES.checkoutComplete.title, 'ご注文完了', async (c) => {
    // A member-only call first: a guest's 401 ends here, before anything starts a session.
    await c.api.get<Points>('/api/points/');
    // The page shows the orders this tab keeps only when they are this member's.
    return { memberId: (await session(c)).member?.id ?? null };
  }),
  mypage: memberPage(ROUTES.mypage.title, 'マイページ', async (c) => {
    // A member-only call first: a guest's 401 ends here, before anything starts a session.
    const points = await c.api.get<Points>('/api/points/');
    const [me, open, recent, groups] = await Promise.all([
      session(c),
      c.api.get<Orders>('/api/orders/', { state: 'reserved' }),
      c.api.get<Orders>('/api/orders/'),
      bundleGroups(c),
    ]);
    return {
      member: me.member,
      points,
      reservations: open.orders,
      recent: recent.orders.slice(0, 5),
      bundleGroups: groups,
    };
  }),
  orderHistory: memberPage(ROUTES.orderHistory.title, '注文履歴', async (c) => {
    const state = c.search.get('state') ?? undefined;
    const [orders, groups] = await Promise.all([
      // The order list's pages stop at 9999 (the API refuses a longer number).
      c.api.get<Orders>('/api/orders/', { page: String(pageParam(c.search, 9999)), state }),
      bundleGroups(c),
    ]);
    return { ...orders, bundleGroups: groups };
  }),
  favorite: memberPage(ROUTES.favorite.title, 'お気に入り', (c) => favorites(c, 'product')),
  favoriteContent: memberPage(ROUTES.favoriteContent.title, 'お気に入り', (c) =>
    favorites(c, c.params.contentType as FavoriteContentType),
  ),
  shippingAddress: memberPage(ROUTES.shippingAddress.title, '配送先住所', addresses),
  userShippingAddress: memberPage(ROUTES.userShippingAddress.title, '配送先住所', addresses),
  creditCard: memberPage(ROUTES.creditCard.title, 'クレジットカード', cards),
  bundle: memberPage(ROUTES.bundle.title, 'おまとめ配送', async (c) => {
    try {
      const candidates = await c.api.get<BundleCandidates>('/api/reserveshop/bundle/', {
        orderId: c.params.id,
      });
      return { candidates, refusal: null };
    } catch (error) {
      // The API's reason why this order cannot be bundled is the page's message, not an error.
      if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) throw error;
      return { candidates: null, refusal: error.apiMessage ?? 'このご注文はおまとめできません。' };
    }
  }),
  // A member-only call first, so a guest gets the login modal on these pages too.
  bundleConfirm: memberPage(ROUTES.bundleConfirm.title, 'おまとめ配送の確認', async (c) => {
    await c.api.get<BundleCandidates>('/api/reserveshop/bundle/');
    return {};
  }),
  bundleComplete: memberPage(ROUTES.bundleComplete.title, 'おまとめ配送完了', async (c) => {
    const id = c.search.get('id') ?? '';
    if (!/^[1-9]\d{0,9}$/.test(id)) {
      await c.api.get<BundleCandidates>('/api/reserveshop/bundle/');
      return { bundle: null };
    }
    return { bundle: await c.api.get<BundleView>(`/api/reserveshop/bundle/${id}/`) };
  }),
  takeover: memberPage(ROUTES.takeover.title, 'アカウント引き継ぎ', async (c) => ({
    status: await c.api.get<TakeoverStatus>('/api/takeover/usertakeover/'),
  })),
  takeoverOrderHistory: memberPage(
    ROUTES.takeoverOrderHistory.title,
    '引き継ぎ注文履歴',
    async (c) => {
      const status = await c.api.get<TakeoverStatus>('/api/takeover/usertakeover/');
      if (!status.linked) return { linked: false, orders: [] as LegacyOrderView[] };
      const history = await c.api.get<{ orders: LegacyOrderView[] }>('/api/takeover/orderhistory/');
      return { linked: true, orders: history.orders };
    },
  ),
  withdrawal: memberPage(ROUTES.withdrawal.title, '退会手続き', async (c) => ({
    check: await c.api.get<WithdrawalCheck>('/api/user/delete/'),
  })),
  withdrawalDone: async () => ({
    data: null,
    head: {
      title: ROUTES.withdrawalDone.title,
      description: '退会手続きが完了しました。',
      ogType: 'website',
      noindex: true,
    },
  }),
};
