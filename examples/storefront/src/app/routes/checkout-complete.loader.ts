import { ROUTES } from '@shop/rules';
import { getSession } from '../../features/auth/api/auth';
import { getPoints } from '../../features/mypage/api/orders';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(
  ROUTES.checkoutComplete.title,
  'ご注文完了',
  async (c) => {
    // A member-only call first: a guest's 401 ends here, before anything starts a session.
    await getPoints(c.api);
    // The page shows the orders this tab keeps only when they are this member's.
    return { memberId: (await getSession(c.api)).member?.id ?? null };
  },
);
