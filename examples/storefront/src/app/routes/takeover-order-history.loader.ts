import { ROUTES } from '@shop/rules';
import type { LegacyOrderView, TakeoverStatus } from '../../types/account';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(
  ROUTES.takeoverOrderHistory.title,
  '引き継ぎ注文履歴',
  async (c) => {
    const status = await c.api.get<TakeoverStatus>('/api/takeover/usertakeover/');
    if (!status.linked) return { linked: false, orders: [] as LegacyOrderView[] };
    const history = await c.api.get<{ orders: LegacyOrderView[] }>('/api/takeover/orderhistory/');
    return { linked: true, orders: history.orders };
  },
);
