import type { AdminRoute } from '../../app/admin-route';
import { DashboardPage } from './dashboard-page';

/** The home of the back office: the figures of the day. */
export const routes: AdminRoute[] = [
  {
    path: '/',
    component: DashboardPage,
    permission: 'read',
    nav: { group: 'ホーム', label: 'ダッシュボード' },
  },
];
