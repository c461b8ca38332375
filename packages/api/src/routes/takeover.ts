import { Hono } from 'hono';
import { clientAddress } from '../accounts/client-address';
import type { AppDeps } from '../deps';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { legacyOrderHistory, takeOver, takeoverSchema, takeoverStatus } from '../services/takeover';

/**
 * /api/takeover/: linking an account of the old shop (usertakeover: GET status, POST link) and
 * its order history (orderhistory).
 */
export function takeoverRoutes(deps: AppDeps) {
  return new Hono()
    .get('/usertakeover/', memberOnly, async (c) =>
      c.json(await takeoverStatus(deps, requireMember(c))),
    )
    .post('/usertakeover/', memberOnly, validate('json', takeoverSchema), async (c) => {
      const memberId = requireMember(c);
      const address = clientAddress(c, deps.config.accounts.trustProxy);
      return c.json(await takeOver(deps, memberId, c.req.valid('json'), address));
    })
    .get('/orderhistory/', memberOnly, async (c) =>
      c.json({ orders: await legacyOrderHistory(deps, requireMember(c)) }),
    );
}
