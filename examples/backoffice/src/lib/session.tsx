import { createContext, type ReactNode, useContext } from 'react';
import type { StaffPermission } from '../app/admin-route';

/** A staff account's role (packages/api/src/staff/access.ts STAFF_ROLES). */
export type StaffRole = 'owner' | 'staff' | 'read_only';

/** The Japanese name of each role, as the staff pages and the header show it. */
export const STAFF_ROLE_LABELS = {
  owner: 'オーナー',
  staff: 'スタッフ',
  read_only: '閲覧のみ',
} as const satisfies Record<StaffRole, string>;

/** A staff account as the API answers it (session/, staff/). */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totpEnabled: boolean;
  passwordChangeRequired: boolean;
  /** Too many wrong logins: locked until `lockedUntil`. */
  locked: boolean;
  lockedUntil: string | null;
  disabled: boolean;
  createdAt: string;
}

/**
 * GET /api/admin/session/ (and the answer of login, setup and TOTP confirmation): who is signed
 * in, the CSRF token of their session and what they must do before anything else: enrol in
 * two-factor login (`totpRequired`), then replace a temporary password (`passwordChangeRequired`).
 */
export interface StaffSession {
  staff: StaffMember;
  csrfToken: string;
  totpEnabled: boolean;
  totpRequired: boolean;
  passwordChangeRequired: boolean;
}

// What each role may do: the API decides (staffAuth in packages/api/src/staff/access.ts refuses
// with 403 whatever the page shows); the back office only hides what would be refused.
const GRANTS = {
  owner: ['read', 'write', 'owner'],
  staff: ['read', 'write'],
  read_only: ['read'],
} as const satisfies Record<StaffRole, readonly StaffPermission[]>;

export function roleAllows(role: StaffRole, permission: StaffPermission): boolean {
  return (GRANTS[role] as readonly StaffPermission[]).includes(permission);
}

export interface SessionValue {
  staff: StaffMember;
  /** Reads the session again (after a password or TOTP change). */
  refresh(): Promise<void>;
  /** Ends the session and shows the login page. */
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in staff member; only pages inside the app's signed-in layout use it. */
export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the signed-in layout');
  return session;
}

/** Whether the signed-in staff member may do what `permission` allows. */
export function useCan(permission: StaffPermission): boolean {
  return roleAllows(useSession().staff.role, permission);
}
