import { navGroup } from '../../app/admin-route';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';

/** 会員: lookup and one member's page (its point adjustment and unlock need `write`). */
export const routes = navGroup('会員', [
  ['/members', MembersPage, 'read', '会員検索'],
  ['/members/:id', MemberPage, 'read'],
]);
