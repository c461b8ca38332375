import { NOTIFICATION_KIND_NAMES } from '@shop/rules';
import { Hono } from 'hono';
import { z } from 'zod';
import { shippingAddressSchema } from '../accounts/address';
import { clientAddress } from '../accounts/client-address';
import { emailSchema, passwordInputSchema, registrationSchema } from '../accounts/member-schemas';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { clearSessionCookie, memberOnly, requireMember, signIn } from '../middleware/session';
import { listNotices, markNoticesRead } from '../notifications/notices';
import { mailPreferences, setMailPreference } from '../notifications/preferences';
import {
  addressSchema,
  blockerSchema,
  HASH_BUSY,
  sessionSchema,
  THROTTLED,
} from '../schemas/accounts';
import { memberPageQuery } from '../schemas/params';
import { confirmEmailChange, requestEmailChange } from '../services/account-links';
import { getDefaultAddress, saveDefaultAddress } from '../services/addresses';
import { registerMember } from '../services/members';
import { describeSession } from '../services/session-summary';
import { checkWithdrawal, withdraw } from '../services/withdrawal';

export const withdrawalSchema = z.strictObject({ password: passwordInputSchema });
export const emailChangeSchema = z.strictObject({
  password: passwordInputSchema,
  newEmail: emailSchema,
});
export const emailChangeConfirmSchema = z.strictObject({
  token: z.string({ error: 'リンクが正しくありません' }).min(1).max(100),
});
export const mailPreferenceSchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KIND_NAMES, { error: 'お知らせの種類が正しくありません' }),
  enabled: z.boolean({ error: '配信する・しないを指定してください' }),
});
const noticePageSchema = z.object({
  notices: z.array(
    z.object({
      id: z.int(),
      kind: z.enum(NOTIFICATION_KIND_NAMES),
      title: z.string(),
      createdAt: z.iso.datetime(),
      read: z.boolean(),
    }),
  ),
  page: z.int(),
  totalPages: z.int(),
  unreadCount: z.int().meta({ description: "The header's badge: notices not read yet" }),
});
const mailPreferencesSchema = z.object({
  preferences: z.array(
    z.object({
      kind: z.enum(NOTIFICATION_KIND_NAMES),
      label: z.string(),
      essential: z.boolean(),
      enabled: z.boolean(),
    }),
  ),
});

/**
 * /api/user/: registration, the member's usual shipping address (usershippingaddress), the e-mail
 * change with its mailed link (email), the member's mail settings (notifications) and withdrawal
 * (delete).
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
    .post(
      '/email/',
      documented({
        tag: 'accounts',
        summary:
          'Ask to change the e-mail address (password re-entered): a link is mailed to the new address; nothing changes until it is opened',
        access: 'member',
        success: { 200: 'The link is queued to the new address' },
        response: z.object({ sentTo: z.string() }),
        errors: {
          400: '`email_unchanged`',
          401: '`invalid_password`',
          409: '`email_taken`: another member holds the address',
          429: THROTTLED,
          503: HASH_BUSY,
        },
      }),
      memberOnly,
      validate('json', emailChangeSchema),
      async (c) => {
        const input = c.req.valid('json');
        await requestEmailChange(deps, requireMember(c), input);
        return c.json({ sentTo: input.newEmail });
      },
    )
    .post(
      '/email/confirm/',
      documented({
        tag: 'accounts',
        summary:
          "Confirm an e-mail change with the mailed link's token, signed in or not; a notice goes to the old address",
        response: z.object({ email: z.string() }),
        errors: {
          400: '`email_change_link_invalid`: unknown, used or expired (24 hours) link',
          409: '`email_taken`: another member took the address meanwhile',
          429: THROTTLED,
        },
      }),
      validate('json', emailChangeConfirmSchema),
      async (c) => {
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        return c.json(await confirmEmailChange(deps, c.req.valid('json').token, address));
      },
    )
    .get(
      '/notifications/',
      documented({
        tag: 'accounts',
        summary:
          'The mail settings: every kind of mail, whether it is essential and whether the member gets it',
        access: 'member',
        response: mailPreferencesSchema,
      }),
      memberOnly,
      async (c) => c.json({ preferences: await mailPreferences(deps.db, requireMember(c)) }),
    )
    .put(
      '/notifications/',
      documented({
        tag: 'accounts',
        summary: 'Turn one kind of non-essential mail on or off',
        access: 'member',
        response: mailPreferencesSchema,
        errors: { 400: '`notification_essential`: an essential kind cannot be turned off' },
      }),
      memberOnly,
      validate('json', mailPreferenceSchema),
      async (c) => {
        const { kind, enabled } = c.req.valid('json');
        return c.json({
          preferences: await setMailPreference(deps.db, requireMember(c), kind, enabled),
        });
      },
    )
    .get(
      '/notices/',
      documented({
        tag: 'accounts',
        summary:
          "The member's お知らせ: what the shop mailed them, newest first, 20 a page, with the unread count",
        access: 'member',
        response: noticePageSchema,
      }),
      memberOnly,
      validate('query', memberPageQuery),
      async (c) =>
        c.json(await listNotices(deps.db, requireMember(c), c.req.valid('query').page ?? 1)),
    )
    .post(
      '/notices/read/',
      documented({
        tag: 'accounts',
        summary: 'Mark every notice read (opening お知らせ clears the badge)',
        access: 'member',
        success: { 204: 'Read' },
      }),
      memberOnly,
      async (c) => {
        await markNoticesRead(deps.db, requireMember(c), deps.now());
        return c.body(null, 204);
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
