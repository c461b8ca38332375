import { Hono } from 'hono';
import { z } from 'zod';
import { shippingAddressSchema } from '../accounts/address';
import { clientAddress } from '../accounts/client-address';
import { passwordInputSchema, registrationSchema } from '../accounts/member-schemas';
import type { AppDeps } from '../deps';
import { validate } from '../lib/validate';
import {
  clearSessionCookie,
  issueSessionCookie,
  memberOnly,
  requireMember,
} from '../middleware/session';
import { getDefaultAddress, saveDefaultAddress } from '../services/addresses';
import { registerMember } from '../services/members';
import { describeSession } from '../services/session-summary';
import { rotateSession } from '../services/sessions';
import { checkWithdrawal, withdraw } from '../services/withdrawal';

export const withdrawalSchema = z.strictObject({ password: passwordInputSchema });

/**
 * /api/user/: registration, the member's usual shipping address (usershippingaddress) and
 * withdrawal (delete).
 */
export function userRoutes(deps: AppDeps) {
  return new Hono()
    .post('/register/', validate('json', registrationSchema), async (c) => {
      const address = clientAddress(c, deps.config.accounts.trustProxy);
      const member = await registerMember(deps, c.req.valid('json'), address);
      const issued = await rotateSession(
        deps.db,
        c.get('session')?.id,
        member.id,
        deps.now(),
        deps.config.accounts.session,
      );
      issueSessionCookie(c, deps, issued);
      return c.json(await describeSession(deps, issued.session), 201);
    })
    .get('/usershippingaddress/', memberOnly, async (c) =>
      c.json({ address: await getDefaultAddress(deps.db, requireMember(c)) }),
    )
    .put(
      '/usershippingaddress/',
      memberOnly,
      validate('json', shippingAddressSchema),
      async (c) => {
        const memberId = requireMember(c);
        const address = await saveDefaultAddress(
          deps.db,
          memberId,
          c.req.valid('json'),
          deps.now(),
        );
        return c.json({ address });
      },
    )
    .get('/delete/', memberOnly, async (c) => c.json(await checkWithdrawal(deps, requireMember(c))))
    .post('/delete/', memberOnly, validate('json', withdrawalSchema), async (c) => {
      await withdraw(deps, requireMember(c), c.req.valid('json').password);
      clearSessionCookie(c, deps);
      return c.json({ withdrawn: true });
    });
}
