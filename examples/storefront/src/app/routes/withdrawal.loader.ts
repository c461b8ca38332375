import { ROUTES } from '@shop/rules';
import type { WithdrawalCheck } from '../../types/account';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.withdrawal.title, '退会手続き', async (c) => ({
  check: await c.api.get<WithdrawalCheck>('/api/user/delete/'),
}));
