import type { AdminRoute } from '../../app/admin-route';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';

/** 会員: lookup and one member's page (its point adjustment and unlock need `write`). */
export const routes: AdminRoute[] = [
  {
    path: '/members',
    component: MembersPage,
    permission: 'read',
    nav: { group: '会員', label: '会員検索' },
  },
  { path: '/members/:id', component: MemberPage, permission: 'read' },
];
