import { navGroup } from '../../app/admin-route';
import { StaffPage } from './staff-page';

/** スタッフ: the owner's management of staff accounts. */
export const routes = navGroup('設定', [['/staff', StaffPage, 'owner', 'スタッフ']]);
