// The shape of one page of the back office. Each feature exports its pages as `routes`
// (`navGroup(...)`) from its routes.ts and app/route-table.ts concatenates them: a leaf every layer
// may import (src/layers.test.ts).
import type { StaffPermission } from '@shop/rules';
import type { ComponentType } from 'react';

export interface AdminRoute {
  /** wouter path under /admin, e.g. '/orders/:id'. */
  path: string;
  component: ComponentType;
  /** Shown in the side navigation when set: its group heading and label (Japanese). */
  nav?: { group: string; label: string };
  /** The permission the page needs; pages beyond the staff member's role are hidden. */
  permission: StaffPermission;
}

/**
 * One page of a navigation group: its path, component and permission, and its label when it is a
 * link in the side navigation (a page reached from a list, such as one order, has none).
 */
export type GroupPage = readonly [
  path: string,
  component: ComponentType,
  permission: StaffPermission,
  label?: string,
];

/** A feature's pages under one heading `group` of the side navigation, in the order given. */
export function navGroup(group: string, pages: readonly GroupPage[]): AdminRoute[] {
  return pages.map(([path, component, permission, label]) =>
    label === undefined
      ? { path, component, permission }
      : { path, component, permission, nav: { group, label } },
  );
}
