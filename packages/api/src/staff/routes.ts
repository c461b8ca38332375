import { Hono } from 'hono';
import { catalogRoutes } from '../admin/catalog-routes';
import { contentRoutes } from '../admin/content-routes';
import { adminDashboardRoutes } from '../admin/dashboard';
import { adminJobRoutes } from '../admin/jobs';
import { memberRoutes } from '../admin/members-routes';
import { adminNotificationRoutes } from '../admin/notifications';
import { adminOrderRoutes } from '../admin/orders';
import {
  adminPriceRoutes,
  adminReleaseDateRoutes,
  adminReservationRoutes,
} from '../admin/reservations';
import type { AppDeps } from '../deps';
import { staffSessionRoutes } from './session-routes';
import { staffRoutes } from './staff-routes';

/**
 * /api/admin/: the back office API (examples/backoffice). Each area adds its router here; every
 * route authenticates with staffAuth (staff/access.ts) and records each write with recordAudit
 * (staff/audit.ts) in the write's own transaction.
 */
export function adminRoutes(deps: AppDeps) {
  return new Hono()
    .route('/', staffSessionRoutes(deps))
    .route('/', staffRoutes(deps))
    .route('/', contentRoutes(deps))
    .route('members/', memberRoutes(deps))
    .route('/', catalogRoutes(deps))
    .route('dashboard/', adminDashboardRoutes(deps))
    .route('orders/', adminOrderRoutes(deps))
    .route('reservations/', adminReservationRoutes(deps))
    .route('variations/', adminPriceRoutes(deps))
    .route('products/', adminReleaseDateRoutes(deps))
    .route('notifications/', adminNotificationRoutes(deps))
    .route('jobs/', adminJobRoutes(deps));
}
