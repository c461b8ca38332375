import { ROUTES } from '@shop/rules';
import { getBundleGroups } from '../../features/bundle/api/bundle';
import { getOrders } from '../../features/mypage/api/orders';
import { memberPage, type PageLoader, pageParam } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.orderHistory.title, '注文履歴', async (c) => {
  const state = c.search.get('state') ?? undefined;
  const [orders, groups] = await Promise.all([
    // The order list's pages stop at 9999 (the API refuses a longer number).
    getOrders(c.api, { page: String(pageParam(c.search, 9999)), state }),
    getBundleGroups(c.api),
  ]);
  return { ...orders, bundleGroups: groups };
});
