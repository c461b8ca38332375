import type { AdminRoute } from '../../app/admin-route';
import { JobsPage } from './jobs-page';
import { NotificationsPage } from './notifications-page';

/** The shop's machinery: the mail outbox (with the retry of a dead mail) and the scheduled jobs. */
export const routes: AdminRoute[] = [
  {
    path: '/notifications',
    component: NotificationsPage,
    permission: 'read',
    nav: { group: '設定', label: 'メール配信' },
  },
  {
    path: '/jobs',
    component: JobsPage,
    permission: 'read',
    nav: { group: '設定', label: '定期処理' },
  },
];
