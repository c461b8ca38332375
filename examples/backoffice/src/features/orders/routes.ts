import { navGroup } from '../../app/admin-route';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { TrackingCsvPage } from './tracking-csv-page';

/** 注文: the list with its bulk actions, one order (with its print sheets), the tracking CSV. */
export const routes = navGroup('注文', [
  ['/orders', OrdersPage, 'read', '注文一覧'],
  ['/orders/tracking-csv', TrackingCsvPage, 'write', '追跡番号CSVで発送'],
  ['/orders/:id', OrderPage, 'read'],
]);
