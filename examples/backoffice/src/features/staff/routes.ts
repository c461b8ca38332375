import type { AdminRoute } from '../../app/admin-route';
import { StaffPage } from './staff-page';

/** スタッフ: the owner's management of staff accounts. */
export const routes: AdminRoute[] = [
  {
    path: '/staff',
    component: StaffPage,
    permission: 'owner',
    nav: { group: '設定', label: 'スタッフ' },
  },
];
