import { navGroup } from '../../app/admin-route';
import { JobsPage } from './jobs-page';
import { NotificationsPage } from './notifications-page';

/** The shop's machinery: the mail outbox (with the retry of a dead mail) and the scheduled jobs. */
export const routes = navGroup('設定', [
  ['/notifications', NotificationsPage, 'read', 'メール配信'],
  ['/jobs', JobsPage, 'read', '定期処理'],
]);
