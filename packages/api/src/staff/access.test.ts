import { describe, expect, it } from 'vitest';
import { roleAllows, STAFF_ROLES, type StaffPermission } from './access';

describe('roleAllows', () => {
  const expected: Record<(typeof STAFF_ROLES)[number], Record<StaffPermission, boolean>> = {
    owner: { read: true, write: true, owner: true },
    staff: { read: true, write: true, owner: false },
    read_only: { read: true, write: false, owner: false },
  };
  for (const role of STAFF_ROLES) {
    for (const permission of ['read', 'write', 'owner'] as const) {
      it(`${role} ${expected[role][permission] ? 'may' : 'may not'} ${permission}`, () => {
        expect(roleAllows(role, permission)).toBe(expected[role][permission]);
      });
    }
  }
});
