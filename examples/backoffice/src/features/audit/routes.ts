import { navGroup } from '../../app/admin-route';
import { AuditPage } from './audit-page';

/** 監査ログ: every staff write. */
export const routes = navGroup('設定', [['/audit-log', AuditPage, 'read', '監査ログ']]);
