import { ROUTES } from '@shop/rules';
import type { TakeoverStatus } from '../../types/account';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(
  ROUTES.takeover.title,
  'アカウント引き継ぎ',
  async (c) => ({
    status: await c.api.get<TakeoverStatus>('/api/takeover/usertakeover/'),
  }),
);
