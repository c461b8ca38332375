import type { AdminRoute } from '../../app/admin-route';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { TrackingCsvPage } from './tracking-csv-page';

/** 注文: the list with its bulk actions, one order (with its print sheets), the tracking CSV. */
export const routes: AdminRoute[] = [
  {
    path: '/orders',
    component: OrdersPage,
    permission: 'read',
    nav: { group: '注文', label: '注文一覧' },
  },
  {
    path: '/orders/tracking-csv',
    component: TrackingCsvPage,
    permission: 'write',
    nav: { group: '注文', label: '追跡番号CSVで発送' },
  },
  { path: '/orders/:id', component: OrderPage, permission: 'read' },
];
