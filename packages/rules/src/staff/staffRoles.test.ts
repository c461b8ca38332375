import { describe, expect, it } from 'vitest';
import {
  lowerRole,
  roleAllows,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type StaffPermission,
  type StaffRole,
} from './staffRoles';

describe('roleAllows', () => {
  const expected: Record<StaffRole, Record<StaffPermission, boolean>> = {
    owner: { read: true, write: true, owner: true },
    staff: { read: true, write: true, owner: false },
    read_only: { read: true, write: false, owner: false },
  };
  for (const role of STAFF_ROLES) {
    for (const permission of STAFF_PERMISSIONS) {
      it(`${role} ${expected[role][permission] ? 'may' : 'may not'} ${permission}`, () => {
        expect(roleAllows(role, permission)).toBe(expected[role][permission]);
      });
    }
  }
});

describe('properties', () => {
  // The roles are a finite table: every pair is checked, not a sample.
  for (const a of STAFF_ROLES) {
    for (const b of STAFF_ROLES) {
      it(`lowerRole(${a}, ${b}) is one of the two and allows exactly what both allow`, () => {
        const lower = lowerRole(a, b);
        expect([a, b]).toContain(lower);
        expect(lowerRole(b, a)).toBe(lower);
        for (const permission of STAFF_PERMISSIONS) {
          expect(roleAllows(lower, permission)).toBe(
            roleAllows(a, permission) && roleAllows(b, permission),
          );
        }
      });
    }
  }
});
