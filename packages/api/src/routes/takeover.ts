import { Hono } from 'hono';
import * as z from 'zod';
import { clientAddress } from '../accounts/client-address';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { HASH_BUSY, legacyOrderSchema, THROTTLED, takeoverStatusSchema } from '../schemas/accounts';
import { legacyOrderHistory, takeOver, takeoverSchema, takeoverStatus } from '../services/takeover';

/**
 * /api/takeover/: linking an account of the old shop (usertakeover: GET status, POST link) and
 * its order history (orderhistory).
 */
export function takeoverRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/usertakeover/',
      documented({
        tag: 'accounts',
        summary: 'Takeover status',
        access: 'member',
        response: takeoverStatusSchema,
      }),
      memberOnly,
      async (c) => c.json(await takeoverStatus(deps, requireMember(c))),
    )
    .post(
      '/usertakeover/',
      documented({
        tag: 'accounts',
        summary: 'Link an account of the old shop, once',
        access: 'member',
        response: takeoverStatusSchema,
        errors: {
          401: '`takeover_not_found`',
          409: '`takeover_already_done`, `takeover_account_used`',
          429: THROTTLED,
          503: HASH_BUSY,
        },
      }),
      memberOnly,
      validate('json', takeoverSchema),
      async (c) => {
        const memberId = requireMember(c);
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        return c.json(await takeOver(deps, memberId, c.req.valid('json'), address));
      },
    )
    .get(
      '/orderhistory/',
      documented({
        tag: 'accounts',
        summary: "The linked old account's orders",
        access: 'member',
        response: z.object({ orders: z.array(legacyOrderSchema) }),
        errors: { 404: '`takeover_not_linked`' },
      }),
      memberOnly,
      async (c) => c.json({ orders: await legacyOrderHistory(deps, requireMember(c)) }),
    );
}
