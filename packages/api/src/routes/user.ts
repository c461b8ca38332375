import { Hono } from 'hono';
import { z } from 'zod';
import { shippingAddressSchema } from '../accounts/address';
import { clientAddress } from '../accounts/client-address';
import { passwordInputSchema, registrationSchema } from '../accounts/member-schemas';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { clearSessionCookie, memberOnly, requireMember, signIn } from '../middleware/session';
import {
  addressSchema,
  blockerSchema,
  HASH_BUSY,
  sessionSchema,
  THROTTLED,
} from '../schemas/accounts';
import { getDefaultAddress, saveDefaultAddress } from '../services/addresses';
import { registerMember } from '../services/members';
import { describeSession } from '../services/session-summary';
import { checkWithdrawal, withdraw } from '../services/withdrawal';

export const withdrawalSchema = z.strictObject({ password: passwordInputSchema });

/**
 * /api/user/: registration, the member's usual shipping address (usershippingaddress) and
 * withdrawal (delete).
 */
export function userRoutes(deps: AppDeps) {
  return new Hono()
    .post(
      '/register/',
      documented({
        tag: 'accounts',
        summary: 'Register and log in (a new session cookie and CSRF token)',
        success: { 201: "The new member's session" },
        response: sessionSchema,
        errors: {
          400: '`invalid_birth_date` (in the future)',
          409: '`email_taken`',
          429: THROTTLED,
          503: HASH_BUSY,
        },
      }),
      validate('json', registrationSchema),
      async (c) => {
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        const member = await registerMember(deps, c.req.valid('json'), address);
        const session = await signIn(c, deps, member.id);
        return c.json(await describeSession(deps, session), 201);
      },
    )
    .get(
      '/usershippingaddress/',
      documented({
        tag: 'accounts',
        summary: 'The default shipping address (null when there is none)',
        access: 'member',
        response: z.object({ address: addressSchema.nullable() }),
      }),
      memberOnly,
      async (c) => c.json({ address: await getDefaultAddress(deps.db, requireMember(c)) }),
    )
    .put(
      '/usershippingaddress/',
      documented({
        tag: 'accounts',
        summary: 'Write the default shipping address (creates it when there is none)',
        access: 'member',
        response: z.object({ address: addressSchema }),
        errors: { 409: '`address_book_full`' },
      }),
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
    .get(
      '/delete/',
      documented({
        tag: 'accounts',
        summary: 'Whether the member may withdraw now, and what blocks it',
        access: 'member',
        response: z.object({ canWithdraw: z.boolean(), blockers: z.array(blockerSchema) }),
      }),
      memberOnly,
      async (c) => c.json(await checkWithdrawal(deps, requireMember(c))),
    )
    .post(
      '/delete/',
      documented({
        tag: 'accounts',
        summary: 'Withdraw: erases personal data, ends every session, clears the cookie',
        access: 'member',
        response: z.object({ withdrawn: z.literal(true) }),
        errors: {
          401: '`invalid_password`',
          409: '`withdrawal_blocked`: orders are open (the reasons in `details`)',
          429: THROTTLED,
          503: HASH_BUSY,
        },
      }),
      memberOnly,
      validate('json', withdrawalSchema),
      async (c) => {
        await withdraw(deps, requireMember(c), c.req.valid('json').password);
        clearSessionCookie(c, deps);
        return c.json({ withdrawn: true });
      },
    );
}
