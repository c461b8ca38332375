import { Hono } from 'hono';
import { clientAddress } from '../accounts/client-address';
import { loginSchema } from '../accounts/member-schemas';
import type { AppDeps } from '../deps';
import { validate } from '../lib/validate';
import {
  clearSessionCookie,
  ensureSession,
  issueSessionCookie,
  requireSession,
} from '../middleware/session';
import { authenticate } from '../services/members';
import { describeSession } from '../services/session-summary';
import { destroySession, rotateSession } from '../services/sessions';

/**
 * /api/session/: the current session (GET, which also hands out the CSRF token and starts a
 * guest session), login and logout.
 */
export function sessionRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', async (c) => {
      const session = await ensureSession(c, deps);
      c.header('Cache-Control', 'no-store');
      return c.json(await describeSession(deps, session));
    })
    .post('/login/', validate('json', loginSchema), async (c) => {
      const session = requireSession(c);
      const address = clientAddress(c, deps.config.accounts.trustProxy);
      const member = await authenticate(deps, c.req.valid('json'), address);
      const issued = await rotateSession(
        deps.db,
        session.id,
        member.id,
        deps.now(),
        deps.config.accounts.session,
      );
      issueSessionCookie(c, deps, issued);
      c.header('Cache-Control', 'no-store');
      return c.json(await describeSession(deps, issued.session));
    })
    .post('/logout/', async (c) => {
      const session = requireSession(c);
      await destroySession(deps.db, session.id);
      clearSessionCookie(c, deps);
      return c.body(null, 204);
    });
}
