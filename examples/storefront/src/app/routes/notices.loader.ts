import { ROUTES } from '@shop/rules';
import { getNotices } from '../../features/account-mail/api/account-mail';
import { memberPage, type PageLoader, pageParam } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.notices.title, 'お知らせ', async (c) => ({
  page: await getNotices(c.api, pageParam(c.search)),
}));
