import type { AdminOrderDetail, OrderListRow } from '@shop/api/types';

// The answers of /api/admin/orders/ (docs/backoffice.md "Orders"), taken from the API's own types
// (type-only: nothing of the API reaches the bundle), so the back office fails its type check
// when an answer changes shape.
export type { BulkResult, OrderView } from '@shop/api/types';

/** One row of GET orders/. */
export type OrderRow = OrderListRow;
/** GET orders/:id/. */
export type OrderDetail = AdminOrderDetail;
/** Where an order ships, as frozen at checkout. */
export type Address = AdminOrderDetail['address'];
