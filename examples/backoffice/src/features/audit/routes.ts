import type { AdminRoute } from '../../app/admin-route';
import { AuditPage } from './audit-page';

/** 監査ログ: every staff write. */
export const routes: AdminRoute[] = [
  {
    path: '/audit-log',
    component: AuditPage,
    permission: 'read',
    nav: { group: '設定', label: '監査ログ' },
  },
];
