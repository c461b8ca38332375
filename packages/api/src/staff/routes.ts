import { Hono } from 'hono';
import { adminDashboardRoutes } from '../admin/dashboard';
import { adminOrderRoutes } from '../admin/orders';
import {
  adminPriceRoutes,
  adminReleaseDateRoutes,
  adminReservationRoutes,
} from '../admin/reservations';
import type { AppDeps } from '../deps';

/**
 * /api/admin/: the back office API (examples/backoffice). Each area adds its router here; every
 * route authenticates with staffAuth (staff/access.ts) and records each write with recordAudit
 * (staff/audit.ts) in the write's own transaction.
 */
export function adminRoutes(deps: AppDeps) {
  return new Hono()
    .route('dashboard/', adminDashboardRoutes(deps))
    .route('orders/', adminOrderRoutes(deps))
    .route('reservations/', adminReservationRoutes(deps))
    .route('variations/', adminPriceRoutes(deps))
    .route('products/', adminReleaseDateRoutes(deps));
}
