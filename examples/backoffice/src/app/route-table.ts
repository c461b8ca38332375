import { routes as account } from '../features/account/routes';
import { routes as audit } from '../features/audit/routes';
import { routes as catalog } from '../features/catalog/routes';
import { routes as content } from '../features/content/routes';
import { routes as dashboard } from '../features/dashboard/routes';
import { routes as members } from '../features/members/routes';
import { routes as orders } from '../features/orders/routes';
import { routes as preorders } from '../features/preorders/routes';
import { routes as staff } from '../features/staff/routes';
import { routes as system } from '../features/system/routes';
import type { AdminRoute } from './admin-route';

/**
 * Every page behind the login, in the side navigation's order: each feature's `routes`, one line
 * per area. The navigation groups them by `nav.group` in the order a group first appears.
 */
export const ROUTE_TABLE: readonly AdminRoute[] = [
  ...dashboard,
  ...orders,
  ...preorders,
  ...catalog,
  ...content,
  ...members,
  ...system,
  ...audit,
  ...staff,
  ...account,
];

export interface NavGroup {
  group: string;
  links: { path: string; label: string }[];
}

/** The side navigation: the routes with `nav`, grouped, as far as `allowed` lets the staff see. */
export function navigation(
  table: readonly AdminRoute[],
  allowed: (route: AdminRoute) => boolean,
): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const route of table) {
    if (!route.nav || !allowed(route)) continue;
    let group = groups.find((g) => g.group === route.nav?.group);
    if (!group) {
      group = { group: route.nav.group, links: [] };
      groups.push(group);
    }
    group.links.push({ path: route.path, label: route.nav.label });
  }
  return groups;
}
