import { STAFF_ROLES, type StaffRole } from '@shop/rules';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { createApp } from '../../src/app';
import { hashPassword } from '../../src/auth/password';
import { staffAccounts } from '../../src/db/schema';
import type { AppDeps } from '../../src/deps';
import type { StaffActor } from '../../src/staff/access';
import { insertStaff } from '../../src/staff/accounts';
import { newTotpSecret, sealTotpSecret } from '../../src/staff/totp';
import { TestClient } from './accounts-app';

/** One actor per role, for tests across the back office. */
export const ACTOR_OF_ROLE = Object.fromEntries(
  STAFF_ROLES.map((role, index) => [
    role,
    { staffId: index + 1, name: `テスト${role}`, role, via: 'session' } satisfies StaffActor,
  ]),
) as Record<(typeof STAFF_ROLES)[number], StaffActor>;

/** What a staff test needs of its app: any of the test apps (orders, accounts, the test shop). */
export interface StaffTestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
}

/** A staff member made for a test, and a browser logged in as them. */
export interface StaffFixture {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  /** The Base32 TOTP secret (compute codes with `totpCode`). */
  totpSecret: string;
  /**
   * Logged in with password and TOTP: sends the staff cookie and, on writes, the session's CSRF
   * token (`client.request('PATCH', path, body)`, `client.get(path)`, `client.post(path, body)`).
   */
  client: TestClient;
}

let made = 0;

/** The TOTP code of `secret` at the shop's clock (what the authenticator app would show). */
export function totpCode(t: StaffTestApp, secret: string, offsetMs = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor((t.deps.now().getTime() + offsetMs) / 1000) });
}

/**
 * Creates a staff member of `role` with two-factor login on (straight in the database: no audit
 * entry) and logs them in through POST /api/admin/session/ with a TOTP code, as the back office
 * does. Each call makes a new account (a TOTP code is good once per account, so logging the same
 * account in again needs the clock moved 30 s).
 */
export async function insertStaffMember(
  t: StaffTestApp,
  role: StaffRole,
  options: { name?: string; email?: string } = {},
): Promise<StaffFixture> {
  made += 1;
  const email = options.email ?? `staff-${role}-${made}-${Date.now().toString(36)}@example.jp`;
  const name = options.name ?? `テスト${role}${made}`;
  const password = `staff password ${made}`;
  const totpSecret = newTotpSecret();
  const db = t.deps.db;
  const passwordHash = await hashPassword(password, t.deps.config.accounts.password);
  const sealed = await sealTotpSecret(db, totpSecret);
  const row = await db.orm.transaction(async (tx) => {
    const created = await insertStaff(
      tx,
      { email, name, role, passwordHash, passwordChangeRequired: false },
      t.deps.now(),
    );
    await tx
      .update(staffAccounts)
      .set({ totpSecret: sealed, totpEnabled: true })
      .where(eq(staffAccounts.id, created.id));
    return created;
  });
  const client = new TestClient(t.app, '192.0.2.50');
  const res = await client.request('POST', '/api/admin/session/', {
    email,
    password,
    totp: await totpCode(t, totpSecret),
  });
  if (res.status !== 200) {
    throw new Error(`staff login failed: ${res.status} ${await res.text()}`);
  }
  client.csrfToken = ((await res.json()) as { csrfToken: string }).csrfToken;
  return { id: row.id, email, name, role, password, totpSecret, client };
}
