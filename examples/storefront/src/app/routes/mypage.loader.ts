import { ROUTES } from '@shop/rules';
import { getMailPreferences } from '../../features/account-mail/api/account-mail';
import { getSession } from '../../features/auth/api/auth';
import { getBundleGroups } from '../../features/bundle/api/bundle';
import { getOrders, getPoints } from '../../features/mypage/api/orders';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.mypage.title, 'マイページ', async (c) => {
  // A member-only call first: a guest's 401 ends here, before anything starts a session.
  const points = await getPoints(c.api);
  const [me, open, recent, groups, mail] = await Promise.all([
    getSession(c.api),
    getOrders(c.api, { state: 'reserved' }),
    getOrders(c.api),
    getBundleGroups(c.api),
    getMailPreferences(c.api),
  ]);
  return {
    member: me.member,
    points,
    reservations: open.orders,
    recent: recent.orders.slice(0, 5),
    bundleGroups: groups,
    mailPreferences: mail.preferences,
  };
});
