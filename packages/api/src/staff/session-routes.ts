import { type Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { clientAddress } from '../accounts/client-address';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { HASH_BUSY, THROTTLED } from '../schemas/accounts';
import { staffCookieName, staffOf, staffSessionAuth, staffSessionOf } from './access';
import {
  changeOwnPassword,
  confirmTotpEnrolment,
  describeStaff,
  setupRequired,
  startTotpEnrolment,
} from './accounts';
import { authenticateStaff } from './login';
import {
  loginSchema,
  passwordChangeSchema,
  setupSchema,
  setupStateSchema,
  staffSessionSchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
} from './schemas';
import {
  closeStaffSession,
  openStaffSession,
  STAFF_SESSION_LIFETIME,
  type StaffAccountRow,
} from './sessions';
import { setupWithToken } from './setup';

/** The answer of session/, login and setup: who is logged in and what they must still do. */
function describeSession(
  deps: AppDeps,
  staff: StaffAccountRow,
  csrfToken: string,
  totpVerified: boolean,
) {
  return {
    staff: describeStaff(staff, deps.now()),
    csrfToken,
    totpEnabled: staff.totpEnabled,
    totpRequired: !totpVerified,
    passwordChangeRequired: staff.passwordChangeRequired,
  };
}

/** Logs `staff` in on this response: a new session and its cookie (SameSite=Strict). */
async function signInStaff(
  c: Context,
  deps: AppDeps,
  staff: StaffAccountRow,
  totpVerified: boolean,
) {
  const config = deps.config.accounts;
  const opened = await openStaffSession(deps.db, staff.id, totpVerified, deps.now());
  setCookie(c, staffCookieName(config), opened.cookieValue, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.secureCookie,
    path: '/',
    maxAge: Math.floor(STAFF_SESSION_LIFETIME.absoluteMs / 1000),
  });
  return describeSession(deps, staff, opened.csrfToken, totpVerified);
}

const BOTH_STEPS = ['totp_enrolment', 'password_change'] as const;

/**
 * /api/admin/session/, setup/ and me/: the staff member's login (with TOTP), logout, the first
 * owner's setup, two-factor enrolment and their own password.
 */
export function staffSessionRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/session/',
      documented({
        tag: 'admin',
        summary:
          'The staff session: who is logged in, their CSRF token and what they must still do',
        access: 'staff:read',
        response: staffSessionSchema,
      }),
      staffSessionAuth(deps, BOTH_STEPS),
      (c) => {
        const session = staffSessionOf(c);
        return c.json(
          describeSession(deps, session.staff, session.csrfToken, session.totpVerified),
        );
      },
    )
    .post(
      '/session/',
      documented({
        tag: 'admin',
        summary:
          'Staff login with e-mail, password and (once enrolled) the TOTP code: a staff session cookie',
        response: staffSessionSchema,
        errors: {
          401: '`invalid_credentials` (wrong address, password or code; a disabled account), `totp_code_required` (right password, two-factor on, no `totp`: ask for the code)',
          429: `${THROTTLED}: 5 wrong logins lock the account for 15 minutes`,
          503: HASH_BUSY,
        },
      }),
      validate('json', loginSchema),
      async (c) => {
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        const { staff, totpVerified } = await authenticateStaff(deps, c.req.valid('json'), address);
        return c.json(await signInStaff(c, deps, staff, totpVerified));
      },
    )
    .delete(
      '/session/',
      documented({
        tag: 'admin',
        summary: 'Staff logout: the session ends and its cookie is cleared',
        access: 'staff:read',
        success: { 204: 'Logged out' },
      }),
      staffSessionAuth(deps, BOTH_STEPS),
      async (c) => {
        await closeStaffSession(deps.db, staffSessionOf(c).id);
        const config = deps.config.accounts;
        deleteCookie(c, staffCookieName(config), { path: '/', secure: config.secureCookie });
        return c.body(null, 204);
      },
    )
    .get(
      '/setup/',
      documented({
        tag: 'admin',
        summary: 'Whether the first owner is still to be created (no staff account yet)',
        response: setupStateSchema,
      }),
      async (c) => c.json({ setupRequired: await setupRequired(deps) }),
    )
    .post(
      '/setup/',
      documented({
        tag: 'admin',
        summary:
          "Creates the first owner with the setup token of the server's log, and logs them in (two-factor enrolment next)",
        success: { 201: 'The owner, logged in' },
        response: staffSessionSchema,
        errors: {
          403: '`setup_token_invalid`: not the token the server printed',
          409: '`setup_done`: a staff account exists already',
          503: HASH_BUSY,
        },
      }),
      validate('json', setupSchema),
      async (c) => {
        const owner = await setupWithToken(deps, c.req.valid('json'));
        return c.json(await signInStaff(c, deps, owner, false), 201);
      },
    )
    .post(
      '/me/totp/',
      documented({
        tag: 'admin',
        summary:
          'Starts two-factor enrolment: a new TOTP secret, its otpauth:// URI and QR code (SVG)',
        access: 'staff:read',
        response: totpEnrolmentSchema,
        errors: { 409: '`totp_already_enabled`' },
      }),
      staffSessionAuth(deps, BOTH_STEPS),
      async (c) => c.json(await startTotpEnrolment(deps, staffSessionOf(c).staff)),
    )
    .post(
      '/me/totp/confirm/',
      documented({
        tag: 'admin',
        summary:
          "Confirms enrolment with the app's code: two-factor login is on, the staff member's other sessions end",
        access: 'staff:read',
        response: staffSessionSchema,
        errors: {
          400: '`totp_invalid`: not the code of the new secret now',
          409: '`totp_already_enabled`, `totp_not_started` (POST me/totp/ first)',
        },
      }),
      staffSessionAuth(deps, BOTH_STEPS),
      validate('json', totpConfirmSchema),
      async (c) => {
        const session = staffSessionOf(c);
        await confirmTotpEnrolment(
          deps,
          staffOf(c),
          session.id,
          session.staff.id,
          c.req.valid('json').code,
        );
        const staff = { ...session.staff, totpEnabled: true };
        return c.json(describeSession(deps, staff, session.csrfToken, true));
      },
    )
    .post(
      '/me/password/',
      documented({
        tag: 'admin',
        summary:
          "Changes the staff member's own password (the current one required); their other sessions end",
        access: 'staff:read',
        success: { 204: 'Changed' },
        errors: { 401: '`invalid_password`: the current password is wrong', 503: HASH_BUSY },
      }),
      staffSessionAuth(deps, ['password_change']),
      validate('json', passwordChangeSchema),
      async (c) => {
        const session = staffSessionOf(c);
        await changeOwnPassword(deps, staffOf(c), session.staff, session.id, c.req.valid('json'));
        return c.body(null, 204);
      },
    );
}
