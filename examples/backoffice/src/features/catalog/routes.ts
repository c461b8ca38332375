import type { AdminRoute } from '../../app/admin-route';

/** This area's pages (none yet: added with the area's pages). */
export const routes: AdminRoute[] = [];
