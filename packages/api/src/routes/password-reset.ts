import { Hono } from 'hono';
import { z } from 'zod';
import { clientAddress } from '../accounts/client-address';
import { emailSchema, newPasswordSchema } from '../accounts/member-schemas';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { HASH_BUSY, THROTTLED } from '../schemas/accounts';
import { requestPasswordReset, resetPassword } from '../services/account-links';

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetSchema = z.strictObject({
  token: z.string({ error: 'リンクが正しくありません' }).min(1).max(100),
  password: newPasswordSchema,
});

/**
 * /api/password-reset/: asking for a reset link (パスワードをお忘れの方) and setting a new
 * password with it (docs/account-mail.md).
 */
export function passwordResetRoutes(deps: AppDeps) {
  return new Hono()
    .post(
      '/',
      documented({
        tag: 'accounts',
        summary:
          'Ask for a password reset link by mail: the same answer (and the same work) whether or not the address is a member',
        success: { 200: 'Accepted: a link is mailed if the address is a member' },
        response: z.object({ accepted: z.literal(true) }),
        errors: { 429: THROTTLED },
      }),
      validate('json', passwordResetRequestSchema),
      async (c) => {
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        await requestPasswordReset(deps, c.req.valid('json').email, address);
        return c.json({ accepted: true as const });
      },
    )
    .post(
      '/confirm/',
      documented({
        tag: 'accounts',
        summary:
          "Set a new password with a reset link's token, once: every session of the member ends and the login lock is cleared",
        response: z.object({ reset: z.literal(true) }),
        errors: {
          400: '`reset_link_invalid`: unknown, used or expired (30 minutes) link',
          429: THROTTLED,
          503: HASH_BUSY,
        },
      }),
      validate('json', passwordResetSchema),
      async (c) => {
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        await resetPassword(deps, c.req.valid('json'), address);
        return c.json({ reset: true as const });
      },
    );
}
