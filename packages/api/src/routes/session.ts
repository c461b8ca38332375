import { Hono } from 'hono';
import { clientAddress } from '../accounts/client-address';
import { loginSchema } from '../accounts/member-schemas';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { clearSessionCookie, guestToken, signIn } from '../middleware/session';
import { HASH_BUSY, sessionSchema, THROTTLED } from '../schemas/accounts';
import { authenticate } from '../services/members';
import { describeGuest, describeSession } from '../services/session-summary';
import { destroySession } from '../services/sessions';

/**
 * /api/session/: the current session (GET, which also hands out the CSRF token, giving a guest
 * without a cookie a session id but storing nothing), login and logout.
 */
export function sessionRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'accounts',
        summary:
          'Current session and CSRF token (gives a browser without one a session cookie; stores nothing)',
        response: sessionSchema,
      }),
      async (c) => {
        const session = c.get('session');
        if (session) return c.json(await describeSession(deps, session));
        return c.json(describeGuest(deps, await guestToken(c, deps)));
      },
    )
    .post(
      '/login/',
      documented({
        tag: 'accounts',
        summary: "Log in: a new session cookie and CSRF token; the guest cart joins the member's",
        response: sessionSchema,
        errors: { 401: '`invalid_credentials`', 429: THROTTLED, 503: HASH_BUSY },
      }),
      validate('json', loginSchema),
      async (c) => {
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        const member = await authenticate(deps, c.req.valid('json'), address);
        const session = await signIn(c, deps, member.id);
        return c.json(await describeSession(deps, session));
      },
    )
    .post(
      '/logout/',
      documented({
        tag: 'accounts',
        summary: 'Log out: the session ends and its cookie is cleared',
        success: { 204: 'Logged out' },
      }),
      async (c) => {
        const session = c.get('session');
        if (session) await destroySession(deps.db, session.id);
        clearSessionCookie(c, deps);
        return c.body(null, 204);
      },
    );
}
