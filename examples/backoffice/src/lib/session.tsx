import { roleAllows, type StaffPermission, type StaffRole } from '@shop/rules';
import { createContext, type ReactNode, useContext } from 'react';

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

/**
 * Whether the signed-in staff member may do what `permission` allows. The API decides (staffAuth
 * refuses with 403 whatever the page shows); the back office only hides what would be refused.
 */
export function useCan(permission: StaffPermission): boolean {
  return roleAllows(useSession().staff.role, permission);
}
