import { navGroup } from '../../app/admin-route';
import { ReservationsPage } from './reservations-page';

/** 予約: 予約集計 with its price decision and postponement. */
export const routes = navGroup('予約', [['/reservations', ReservationsPage, 'read', '予約集計']]);
