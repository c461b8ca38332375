import type { AdminRoute } from '../../app/admin-route';
import { ReservationsPage } from './reservations-page';

/** 予約: 予約集計 with its price decision and postponement. */
export const routes: AdminRoute[] = [
  {
    path: '/reservations',
    component: ReservationsPage,
    permission: 'read',
    nav: { group: '予約', label: '予約集計' },
  },
];
