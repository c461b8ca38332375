// The shape of one page of the back office. Each feature exports its pages as `routes:
// AdminRoute[]` from its routes.ts and app/route-table.ts concatenates them: a leaf every layer
// may import (src/layers.test.ts).
import type { ComponentType } from 'react';

export type StaffPermission = 'read' | 'write' | 'owner';

export interface AdminRoute {
  /** wouter path under /admin, e.g. '/orders/:id'. */
  path: string;
  component: ComponentType;
  /** Shown in the side navigation when set: its group heading and label (Japanese). */
  nav?: { group: string; label: string };
  /** The permission the page needs; pages beyond the staff member's role are hidden. */
  permission: StaffPermission;
}
