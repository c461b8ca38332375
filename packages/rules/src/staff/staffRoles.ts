// Who may do what in the back office (docs/backoffice.md). The API enforces it (staffAuth refuses
// with 403); the back office reads the same table to hide what would be refused.

/**
 * A staff account's role, from the most to the least allowed: the owner manages staff, staff run
 * the shop, read-only staff look.
 *
 * @example
 * STAFF_ROLES[0]; // 'owner'
 */
export const STAFF_ROLES = ['owner', 'staff', 'read_only'] as const;

/**
 * One staff role.
 *
 * @example
 * const role: StaffRole = 'read_only';
 */
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a back office action needs: to read, to change the shop, or to manage the staff
 * themselves.
 *
 * @example
 * STAFF_PERMISSIONS; // ['read', 'write', 'owner']
 */
export const STAFF_PERMISSIONS = ['read', 'write', 'owner'] as const;

/**
 * One staff permission.
 *
 * @example
 * const needed: StaffPermission = 'write';
 */
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const GRANTS = {
  owner: ['read', 'write', 'owner'],
  staff: ['read', 'write'],
  read_only: ['read'],
} as const satisfies Record<StaffRole, readonly StaffPermission[]>;

/**
 * Whether a staff member of this role may do what `permission` allows.
 *
 * @example
 * roleAllows('staff', 'write'); // true
 * roleAllows('staff', 'owner'); // false
 */
export function roleAllows(role: StaffRole, permission: StaffPermission): boolean {
  return (GRANTS[role] as readonly StaffPermission[]).includes(permission);
}

/**
 * The lower of two roles (the later in `STAFF_ROLES`): what an API token may do once its owner's
 * role changed.
 *
 * @example
 * lowerRole('owner', 'read_only'); // 'read_only'
 */
export function lowerRole(a: StaffRole, b: StaffRole): StaffRole {
  return STAFF_ROLES.indexOf(a) >= STAFF_ROLES.indexOf(b) ? a : b;
}
