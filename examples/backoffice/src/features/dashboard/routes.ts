import { navGroup } from '../../app/admin-route';
import { DashboardPage } from './dashboard-page';

/** The home of the back office: the figures of the day. */
export const routes = navGroup('ホーム', [['/', DashboardPage, 'read', 'ダッシュボード']]);
